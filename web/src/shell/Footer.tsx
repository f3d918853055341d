import { Layout, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SYSTEM_NAME, useStatus } from '../status/status.ts';

/** Loaded only on sites with a footer of their own, so the Markdown renderer stays out of the shell's bundle. */
const Markdown = lazy(() =>
  import('../components/markdown/Markdown.tsx').then((module) => ({ default: module.Markdown })),
);

/**
 * The operator's footer when set (an admin-only option; HTML or Markdown, sanitised like every
 * admin-set page, so no script in it runs), else a credit line.
 */
export function Footer() {
  const { t } = useTranslation();
  const status = useStatus();
  return (
    <Layout.Footer style={{ textAlign: 'center', padding: '12px 24px' }} data-testid="footer">
      {status?.footer_html ? (
        <div className="custom-footer">
          <Suspense fallback={null}>
            <Markdown html>{status.footer_html}</Markdown>
          </Suspense>
        </div>
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
