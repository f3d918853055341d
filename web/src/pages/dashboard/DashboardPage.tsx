import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, Input, Row, Segmented, Statistic } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeInput } from '../../components/DateRangeInput.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { useFormatQuota } from '../../components/QuotaText.tsx';
import { isAdmin, useSessionUser } from '../../session/session-store.ts';
import { useStatus } from '../../status/status.ts';
import { chartOptions } from './dashboard-charts.ts';
import { useSelf } from '../../api/self.ts';
import { fetchLastMinute, fetchQuotaData } from './dashboard-api.ts';
import {
  buildSeries,
  defaultRange,
  granularityOf,
  GRANULARITIES,
  type Granularity,
} from './dashboard-series.ts';
import { EChart, type ChartOption } from './EChart.tsx';
import { registerLocale } from '../../i18n/index.ts';
import { locale } from './locale.ts';

registerLocale(locale);

/** /detail: the caller's balance and usage, the last minute's pace, and the period's consumption by model. */
export function DashboardPage() {
  const { t } = useTranslation();
  const admin = isAdmin(useSessionUser());
  const status = useStatus();
  const format = useFormatQuota();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => defaultRange());
  const [granularity, setGranularity] = useState<Granularity | null>(null);
  const [usernameInput, setUsernameInput] = useState('');
  const [username, setUsername] = useState('');
  const shownGranularity = granularity ?? granularityOf(status?.data_export_default_time);

  const query = {
    start_timestamp: range[0].unix(),
    end_timestamp: range[1].unix(),
    username: username || undefined,
  };
  const data = useQuery({
    queryKey: ['dashboard', 'data', admin, query],
    queryFn: () => fetchQuotaData(admin, query),
  });
  const self = useSelf();
  const minute = useQuery({
    queryKey: ['dashboard', 'minute', admin, username],
    queryFn: () => fetchLastMinute(admin, username || undefined),
  });

  const series = useMemo(() => buildSeries(data.data ?? [], shownGranularity), [data.data, shownGranularity]);
  const options = useMemo(
    () => chartOptions(series, shownGranularity, (quota) => format(quota), { calls: t('dashboard.calls') }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [series, shownGranularity, t],
  );

  const refresh = () => Promise.all([data.refetch(), self.refetch(), minute.refetch()]);
  // One notice for the screen, even when every call failed for the same reason.
  const failed = [data, self, minute].find((query) => query.isError);
  const stat = (key: string, title: string, value: string | number, loading: boolean) => (
    <Col xs={12} sm={8} lg={6} xl={3} key={key}>
      <Card size="small">
        <Statistic title={title} value={value} loading={loading} data-testid={`dashboard-${key}`} />
      </Card>
    </Col>
  );

  // A period without calls says so, rather than drawing empty axes.
  const noCalls = data.isSuccess && series.totals.count === 0;
  const chart = (option: ChartOption, testId: string, height = 320) =>
    noCalls ? (
      <Flex align="center" justify="center" style={{ height }} data-testid={`${testId}-empty`}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noData')} />
      </Flex>
    ) : (
      <EChart option={option} height={height} testId={testId} />
    );

  return (
    <Flex vertical gap="middle" style={{ width: '100%' }}>
      <Card title={t('dashboard.title')}>
        <Flex wrap gap="small" align="center">
          <DateRangeInput
            allowClear={false}
            value={range}
            onChange={(next) => next?.[0] && next[1] && setRange([next[0], next[1]])}
          />
          <Segmented<Granularity>
            value={shownGranularity}
            onChange={setGranularity}
            options={GRANULARITIES.map((value) => ({ value, label: t(`dashboard.granularity.${value}`) }))}
          />
          {admin && (
            <Input.Search
              allowClear
              placeholder={t('dashboard.username')}
              value={usernameInput}
              onChange={(event) => setUsernameInput(event.target.value)}
              onSearch={(value) => setUsername(value.trim())}
              style={{ width: 220, maxWidth: '100%' }}
            />
          )}
          <Button onClick={() => void refresh()} loading={data.isFetching}>
            {t('common.refresh')}
          </Button>
        </Flex>
      </Card>
      <Row gutter={[12, 12]}>
        {stat('balance', t('dashboard.balance'), format(self.data?.quota ?? 0), self.isLoading)}
        {stat('used', t('dashboard.usedQuota'), format(self.data?.used_quota ?? 0), self.isLoading)}
        {stat('requests', t('dashboard.requestCount'), self.data?.request_count ?? 0, self.isLoading)}
        {stat('rpm', t('dashboard.rpm'), minute.data?.rpm ?? 0, minute.isLoading)}
        {stat('tpm', t('dashboard.tpm'), minute.data?.tpm ?? 0, minute.isLoading)}
        {stat('period-calls', t('dashboard.periodCalls'), series.totals.count, data.isLoading)}
        {stat('period-quota', t('dashboard.periodQuota'), format(series.totals.quota), data.isLoading)}
        {stat('period-tokens', t('dashboard.periodTokens'), series.totals.tokens, data.isLoading)}
      </Row>
      {failed && <LoadError query={{ ...failed, refetch: refresh }} title={t('dashboard.loadFailed')} />}
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={16}>
          <Card size="small" title={t('dashboard.quotaChart')}>
            {chart(options.quota, 'chart-quota')}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card size="small" title={t('dashboard.shareChart')}>
            {chart(options.share, 'chart-share')}
          </Card>
        </Col>
        <Col xs={24}>
          <Card size="small" title={t('dashboard.callsChart')}>
            {chart(options.calls, 'chart-calls', 260)}
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
