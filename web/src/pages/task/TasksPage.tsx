import type { TaskView } from '@relaygate/contract';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../components/DateTime.tsx';
import { TaskLogLayout } from './TaskLogLayout.tsx';
import { sharedTaskColumns } from './task-columns.tsx';
import { fetchTasks } from './task-api.ts';
import { useTaskList } from './use-task-list.ts';
import { registerLocale } from '../../i18n/index.ts';
import { locale } from './locale.ts';

registerLocale(locale);

const SECONDS = 1000;

/** /task: asynchronous (music) tasks (everyone's for admins, one's own otherwise). Times are in seconds. */
export function TasksPage() {
  const { t } = useTranslation();
  const view = useTaskList({ key: 'tasks', idParam: 'task_id', unitMs: SECONDS, fetch: fetchTasks });
  const shared = sharedTaskColumns<TaskView>(t, view.admin, SECONDS);
  const columns: TableColumnsType<TaskView> = [
    {
      title: t('task.column.submitTime'),
      dataIndex: 'submit_time',
      render: (s: number) => <DateTime seconds={s} />,
    },
    {
      title: t('task.column.finishTime'),
      dataIndex: 'finish_time',
      render: (s: number) => <DateTime seconds={s} />,
    },
    shared.duration,
    ...shared.channel,
    { title: t('task.column.platform'), dataIndex: 'platform' },
    {
      title: t('task.column.action'),
      dataIndex: 'action',
      render: (action: string) => t(`task.taskAction.${action}`, action),
    },
    { title: t('task.column.taskId'), dataIndex: 'task_id' },
    shared.status,
    shared.progress,
    shared.failReason,
  ];
  return (
    <TaskLogLayout
      title={t('task.taskTitle')}
      idLabel={t('task.filter.taskId')}
      columns={columns}
      {...view}
    />
  );
}
