import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('shell.notFound')}
      extra={
        <Link to="/">
          <Button type="primary">{t('shell.backHome')}</Button>
        </Link>
      }
    />
  );
}

/** Routes of the console's next part (wallet, playground, …): reachable from the menu, not built yet. */
export function PlannedScreen() {
  const { t } = useTranslation();
  return <Result status="info" title={t('shell.planned')} />;
}
