import { Alert } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../status/status.ts';
import { loadTurnstile } from './turnstile-script.ts';

/** The Turnstile widget; reports each new token (an empty one when it expires). */
function TurnstileWidget({ siteKey, onToken }: { siteKey: string; onToken: (token: string) => void }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const report = useRef(onToken);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    report.current = onToken;
  }, [onToken]);

  useEffect(() => {
    let widgetId: string | undefined;
    let cancelled = false;
    loadTurnstile()
      .then((turnstile) => {
        if (cancelled || !container.current) return;
        widgetId = turnstile.render(container.current, {
          sitekey: siteKey,
          callback: (token) => report.current(token),
          'expired-callback': () => report.current(''),
          'error-callback': () => report.current(''),
        });
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      if (widgetId) window.turnstile?.remove(widgetId);
    };
  }, [siteKey]);

  return (
    <div style={{ marginBottom: 16 }}>
      <div ref={container} data-testid="turnstile" />
      {failed && <Alert type="error" showIcon title={t('auth.turnstileLoadFailed')} />}
    </div>
  );
}

/**
 * The bot check of spec §2.2/§2.3 when the site enables it: the widget to render, the current token,
 * and `renew()` to get a fresh widget after a token has been spent.
 */
export function useBotCheck() {
  const status = useStatus();
  const enabled = !!status?.turnstile_check;
  const [token, setToken] = useState('');
  const [generation, setGeneration] = useState(0);

  const renew = useCallback(() => {
    if (!enabled) return;
    setToken('');
    setGeneration((value) => value + 1);
  }, [enabled]);

  const widget = enabled ? (
    <TurnstileWidget key={generation} siteKey={status?.turnstile_site_key ?? ''} onToken={setToken} />
  ) : null;

  /** False (and the caller shows a notice) while the check is still running. */
  const ready = !enabled || token !== '';
  return { enabled, token, ready, widget, renew };
}
