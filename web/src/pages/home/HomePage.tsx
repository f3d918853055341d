import { Button, Card, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isRoot, useSessionUser } from '../../session/session-store.ts';
import { DEFAULT_SYSTEM_NAME, useStatus } from '../../status/status.ts';
import { contentKind } from './content-kind.ts';
import { NoticeModal } from './NoticeModal.tsx';
import { PageContent } from './PageContent.tsx';
import { usePageContent } from './use-page-content.ts';
import { registerLocale } from '../../i18n/index.ts';
import { locale } from './locale.ts';

registerLocale(locale);

/** Shown when the admin has set no home page content (or it cannot be loaded). */
function WelcomeCard() {
  const { t } = useTranslation();
  const status = useStatus();
  const user = useSessionUser();
  const name = status?.system_name || DEFAULT_SYSTEM_NAME;
  return (
    <Flex justify="center" style={{ padding: '48px 0' }}>
      <Card style={{ width: '100%', maxWidth: 720 }} data-testid="home-welcome">
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          {t('home.welcomeTitle', { name })}
        </Typography.Title>
        <Typography.Paragraph>{t('home.welcomeDescription')}</Typography.Paragraph>
        {/* Said to the one who can change it (root, who has the settings), with the way there. */}
        {isRoot(user) && (
          <Typography.Paragraph type="secondary" data-testid="home-welcome-hint">
            {t('home.welcomeHint')} <Link to="/setting?tab=other">{t('home.openSettings')}</Link>
          </Typography.Paragraph>
        )}
        <Flex gap={8} wrap>
          <Link to="/token">
            <Button type="primary">{t('home.openConsole')}</Button>
          </Link>
          {!user && (
            <Link to="/login">
              <Button>{t('shell.login')}</Button>
            </Link>
          )}
        </Flex>
      </Card>
    </Flex>
  );
}

/** / : the admin's home page content (a framed URL, HTML or text), else a welcome card. */
export function HomePage() {
  const { t } = useTranslation();
  const { data, isPending, isError } = usePageContent('/api/home_page_content');
  let body;
  if (isPending) body = <Spin style={{ display: 'block', margin: '64px auto' }} />;
  else if (isError || contentKind(data) === 'empty') body = <WelcomeCard />;
  else if (contentKind(data) === 'url') body = <PageContent content={data} title={t('shell.home')} />;
  else
    body = (
      <Card style={{ maxWidth: 960, margin: '0 auto' }}>
        <PageContent content={data} title={t('shell.home')} />
      </Card>
    );
  return (
    <>
      <NoticeModal />
      {body}
    </>
  );
}
