import type { MidjourneyView } from '@relaygate/contract';
import { Image, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../components/DateTime.tsx';
import { TaskLogLayout } from './TaskLogLayout.tsx';
import { sharedTaskColumns, textColumn } from './task-columns.tsx';
import { fetchDrawings } from './task-api.ts';
import { useTaskList } from './use-task-list.ts';
import { registerLocale } from '../../i18n/index.ts';
import { locale } from './locale.ts';

registerLocale(locale);

const MS = 1;

/** /midjourney: drawing tasks (everyone's for admins, one's own otherwise). Times are in ms. */
export function MidjourneyPage() {
  const { t } = useTranslation();
  const view = useTaskList({ key: 'mj', idParam: 'mj_id', unitMs: MS, fetch: fetchDrawings });
  const shared = sharedTaskColumns<MidjourneyView>(t, view.admin, MS);
  const columns: TableColumnsType<MidjourneyView> = [
    {
      title: t('task.column.submitTime'),
      dataIndex: 'submit_time',
      render: (ms: number) => <DateTime seconds={Math.floor(ms / 1000)} />,
    },
    shared.duration,
    ...shared.channel,
    {
      title: t('task.column.action'),
      dataIndex: 'action',
      render: (action: string) => t(`task.mjAction.${action}`, action),
    },
    { title: t('task.column.mjId'), dataIndex: 'mj_id' },
    shared.status,
    shared.progress,
    {
      title: t('task.column.image'),
      dataIndex: 'image_url',
      render: (url: string) =>
        url ? (
          <Image
            src={url}
            width={48}
            height={48}
            style={{ objectFit: 'cover' }}
            alt={t('task.column.image')}
          />
        ) : null,
    },
    textColumn<MidjourneyView>(t, 'prompt', 'prompt'),
    textColumn<MidjourneyView>(t, 'prompt_en', 'promptEn'),
    shared.failReason,
  ];
  return (
    <TaskLogLayout
      title={t('task.drawingTitle')}
      idLabel={t('task.filter.mjId')}
      columns={columns}
      {...view}
    />
  );
}
