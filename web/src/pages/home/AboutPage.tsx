import { Card, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { contentKind } from './content-kind.ts';
import { PageContent } from './PageContent.tsx';
import { usePageContent } from './use-page-content.ts';
import { registerLocale } from '../../i18n/index.ts';
import { locale } from './locale.ts';

registerLocale(locale);

/** /about: the admin's about content, or a note on where to set it. */
export function AboutPage() {
  const { t } = useTranslation();
  const { data, isPending, isError } = usePageContent('/api/about');
  if (isPending) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (!isError && contentKind(data) === 'url') return <PageContent content={data} title={t('shell.about')} />;
  return (
    <Card title={t('shell.about')}>
      {isError || contentKind(data) === 'empty' ? (
        <Typography.Paragraph data-testid="about-default">{t('home.aboutDefault')}</Typography.Paragraph>
      ) : (
        <PageContent content={data} title={t('shell.about')} />
      )}
    </Card>
  );
}
