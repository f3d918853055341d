import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQuotaDisplay } from '../../status/status.ts';
import { capAmount, type TokenCap } from './token-cap.ts';

/**
 * What a token may spend, said plainly where it is made and where its new key is shown: a capped
 * token stops at its amount whatever the balance holds, and the words say how to change that.
 */
export function CapNote({ cap, saved = false }: { cap: TokenCap | null; saved?: boolean }) {
  const { t } = useTranslation();
  const display = useQuotaDisplay();
  if (!cap) return null;
  const message = cap.unlimited
    ? t('token.cap.unlimited')
    : t(saved ? 'token.cap.savedLimited' : 'token.cap.limited', { amount: capAmount(cap.quota, display) });
  return (
    <Alert
      type={cap.unlimited ? 'info' : 'warning'}
      showIcon
      title={message}
      data-testid="token-cap-note"
      style={{ marginTop: 8 }}
    />
  );
}
