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
