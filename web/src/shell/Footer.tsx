import { Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SYSTEM_NAME, useStatus } from '../status/status.ts';

/** The operator's footer HTML when set (an admin-only option), else a credit line. */
export function Footer() {
  const { t } = useTranslation();
  const status = useStatus();
  return (
    <Layout.Footer style={{ textAlign: 'center', padding: '12px 24px' }} data-testid="footer">
      {status?.footer_html ? (
        <div className="custom-footer" dangerouslySetInnerHTML={{ __html: status.footer_html }} />
      ) : (
        <Typography.Text type="secondary">
          {status?.system_name || DEFAULT_SYSTEM_NAME} {status?.version ? `v${status.version}` : ''} ·{' '}
          {t('shell.footer')} ·{' '}
          <a href="https://github.com/QuantumNous/new-api" target="_blank" rel="noreferrer">
            new-api
          </a>
        </Typography.Text>
      )}
    </Layout.Footer>
  );
}
