import type { TFunction } from 'i18next';
import { DurationCell, ProgressCell, StatusTag, TextCell } from './TaskCells.tsx';

interface TimedRow {
  submit_time: number;
  finish_time: number;
  channel_id: number;
  status: string;
  progress: string;
  fail_reason: string;
}

/** The columns both task lists share, by name, so each list places them where it wants. */
export function sharedTaskColumns<Row extends TimedRow>(t: TFunction, admin: boolean, unitMs: number) {
  return {
    duration: {
      title: t('task.column.duration'),
      key: 'duration',
      render: (_: unknown, row: Row) => (
        <DurationCell submit={row.submit_time} finish={row.finish_time} unitMs={unitMs} />
      ),
    },
    channel: admin ? [{ title: t('task.column.channel'), dataIndex: 'channel_id' }] : [],
    status: {
      title: t('task.column.status'),
      dataIndex: 'status',
      render: (status: string) => <StatusTag status={status} />,
    },
    progress: {
      title: t('task.column.progress'),
      dataIndex: 'progress',
      render: (progress: string) => <ProgressCell progress={progress} />,
    },
    failReason: textColumn<Row>(t, 'fail_reason', 'failReason'),
  };
}

/** A long text column (prompt, fail reason): cut short, read whole in a dialog. */
export function textColumn<Row>(t: TFunction, dataIndex: keyof Row & string, label: string) {
  const title = t(`task.column.${label}`);
  return { title, dataIndex, render: (text: string) => <TextCell text={text} title={title} /> };
}
