import { LinkOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Row, Space, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSelf } from '../../api/self.ts';
import { useFormatQuota } from '../../components/QuotaText.tsx';
import { OnlineTopUpCard } from './OnlineTopUpCard.tsx';
import { OrdersCard } from './OrdersCard.tsx';
import { RedeemCard } from './RedeemCard.tsx';
import { UnavailableNotice } from './UnavailableNotice.tsx';
import { WALLET_QUERY_KEY, fetchTopUpInfo } from './topup-api.ts';
import { registerLocale } from '../../i18n/index.ts';
import { locale } from './locale.ts';

registerLocale(locale);

/** /topup, "my wallet": balance, redeeming a code, online top-up, the operator's link, my orders. */
export function TopUpPage() {
  const { t } = useTranslation();
  const formatQuota = useFormatQuota();
  const self = useSelf();
  const info = useQuery({ queryKey: [...WALLET_QUERY_KEY, 'info'], queryFn: fetchTopUpInfo });
  const link = info.data?.top_up_link ?? '';

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('topup.title')}>
        <Row gutter={[16, 16]}>
          <Col xs={24} sm={12}>
            <Statistic
              title={t('topup.balance')}
              value={self.data ? formatQuota(self.data.quota) : '-'}
              loading={self.isLoading}
              valueRender={(node) => <span data-testid="wallet-balance">{node}</span>}
            />
          </Col>
          <Col xs={24} sm={12}>
            <Statistic
              title={t('topup.used')}
              value={self.data ? formatQuota(self.data.used_quota) : '-'}
              loading={self.isLoading}
            />
          </Col>
        </Row>
      </Card>
      <RedeemCard />
      {link ? (
        <Button icon={<LinkOutlined />} href={link} target="_blank" rel="noreferrer">
          {t('topup.link')}
        </Button>
      ) : (
        <UnavailableNotice
          userText={t('topup.noLink')}
          rootText={t('topup.noLinkRoot')}
          settingsPath="/setting?tab=operation"
          testId="topup-no-link"
        />
      )}
      {info.data && <OnlineTopUpCard info={info.data} />}
      <OrdersCard />
    </Space>
  );
}
