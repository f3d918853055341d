import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isRoot, useSessionUser } from '../../session/session-store.ts';

/**
 * Something the site does not offer: a user is told what they can do instead; root, who has the
 * settings, what is missing and a link to where it is set.
 */
export function UnavailableNotice({
  userText,
  rootText,
  settingsPath,
  testId,
}: {
  userText: string;
  rootText: string;
  settingsPath: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const root = isRoot(useSessionUser());
  return (
    <Alert
      type="info"
      showIcon
      data-testid={testId}
      title={root ? rootText : userText}
      action={root ? <Link to={settingsPath}>{t('topup.openSettings')}</Link> : undefined}
    />
  );
}
