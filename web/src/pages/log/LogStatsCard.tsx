import type { LogStat } from '@relaygate/contract';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatQuota } from '../../components/QuotaText.tsx';

/** Quota used, requests per minute and tokens per minute for the current filter. */
export function LogStatsCard({ stat, loading }: { stat: LogStat | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const formatQuota = useFormatQuota();
  const quota = stat?.quota ?? 0;
  return (
    <Card size="small" loading={loading} data-testid="log-stats">
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Statistic title={t('log.stat.quota')} value={formatQuota(quota)} />
        </Col>
        <Col xs={12} sm={8}>
          <Statistic title={t('log.stat.rpm')} value={stat?.rpm ?? 0} />
        </Col>
        <Col xs={12} sm={8}>
          <Statistic title={t('log.stat.tpm')} value={stat?.tpm ?? 0} />
        </Col>
      </Row>
    </Card>
  );
}
