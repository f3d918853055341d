import type { BackgroundJobs } from '@relaygate/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client.ts';
import { DateTime } from '../../../components/DateTime.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { jobRows, type JobPlace, type JobRow } from '../model/job-rows.ts';

const PLACE_COLOR: Record<JobPlace, string> = {
  here: 'green',
  elsewhere: 'blue',
  free: 'default',
  every: 'purple',
};
const OUTCOME_COLOR: Record<JobRow['outcome'], string> = { ok: 'success', error: 'error', never: 'default' };

/** A coloured tag that tells more when hovered (the holder, the error), when there is more. */
function TipTag({ tip, color, label }: { tip: string; color: string; label: string }) {
  return (
    <Tooltip title={tip || undefined}>
      <Tag color={color}>{label}</Tag>
    </Tooltip>
  );
}

/** Root's view of the background jobs (GET /api/jobs): where each runs and how its last run went. */
export function JobsCard() {
  const { t } = useTranslation();
  const jobs = useQuery({
    queryKey: ['setting', 'jobs'],
    queryFn: () => api.get<BackgroundJobs>('/api/jobs'),
    refetchInterval: 10_000,
  });
  const rows = jobs.data ? jobRows(jobs.data) : [];

  return (
    <Card title={t('setting.jobs.title')} size="small" style={{ marginBottom: 16 }} data-testid="jobs-card">
      <Typography.Paragraph type="secondary">{t('setting.jobs.hint')}</Typography.Paragraph>
      <LoadError query={jobs} title={t('setting.jobs.loadFailed')} />
      <Table<JobRow>
        size="small"
        rowKey="name"
        loading={jobs.isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('setting.jobs.empty')} /> }}
        columns={[
          {
            title: t('setting.jobs.name'),
            dataIndex: 'name',
            // The job's name in the reader's language, its id beside it (what logs and the API say).
            render: (name: string) => (
              <span>
                {t(`setting.jobs.names.${name}`, name)}{' '}
                <Typography.Text type="secondary">{name}</Typography.Text>
              </span>
            ),
          },
          {
            title: t('setting.jobs.interval'),
            dataIndex: 'intervalSeconds',
            render: (seconds: number) => t('setting.jobs.seconds', { seconds }),
          },
          {
            title: t('setting.jobs.place'),
            key: 'place',
            render: (_, row) => (
              <TipTag
                tip={row.holder}
                color={PLACE_COLOR[row.place]}
                label={t(`setting.jobs.places.${row.place}`)}
              />
            ),
          },
          {
            title: t('setting.jobs.leaseUntil'),
            dataIndex: 'leaseUntil',
            render: (seconds: number) => <DateTime seconds={seconds} />,
          },
          {
            title: t('setting.jobs.lastRun'),
            dataIndex: 'startedAt',
            render: (seconds: number) => <DateTime seconds={seconds} />,
          },
          {
            title: t('setting.jobs.duration'),
            key: 'duration',
            render: (_, row) => (row.outcome === 'never' ? '' : t('setting.jobs.ms', { ms: row.durationMs })),
          },
          {
            title: t('setting.jobs.outcome'),
            key: 'outcome',
            render: (_, row) => (
              <TipTag
                tip={row.error}
                color={OUTCOME_COLOR[row.outcome]}
                label={t(`setting.jobs.outcomes.${row.outcome}`)}
              />
            ),
          },
          {
            title: t('setting.jobs.ranOn'),
            dataIndex: 'ranOn',
            render: (node: string) => <Typography.Text code>{node}</Typography.Text>,
          },
        ]}
      />
    </Card>
  );
}
