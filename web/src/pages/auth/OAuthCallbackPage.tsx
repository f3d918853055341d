import { Flex, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { showError, showSuccess } from '../../api/feedback.ts';
import { getSessionUser } from '../../session/session-store.ts';
import { authApi } from './auth-api.ts';
import { callbackOutcome, failureTarget, FAILURE_REDIRECT_MS } from './callback-outcome.ts';
import { providerFromPath } from '../../lib/oauth-urls.ts';
import { useCompleteLogin } from './use-complete-login.ts';
import { registerLocale } from '../../i18n/index.ts';
import { locale } from './locale.ts';

registerLocale(locale);

/** /oauth/github, /oauth/linuxdo and /oauth/oidc: finishes a third-party login or binding (spec §4). */
export function OAuthCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const completeLogin = useCompleteLogin();
  const [failedTo, setFailedTo] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // The code can be exchanged only once: StrictMode's second effect run must not call again.
    if (started.current) return;
    started.current = true;
    const fail = (error: unknown) => {
      showError(error);
      setFailedTo(failureTarget(getSessionUser() !== null));
    };
    const provider = providerFromPath(pathname);
    if (!provider) {
      fail(new Error(t('auth.oauthBadRoute')));
      return;
    }
    authApi
      .oauthCallback(provider, searchParams.get('code') ?? '', searchParams.get('state') ?? '')
      .then((envelope) => {
        const outcome = callbackOutcome(envelope, t('error.unknown'));
        if (outcome.kind === 'failed') fail(new Error(outcome.message));
        else if (outcome.kind === 'bind') {
          showSuccess(t('auth.bound'));
          navigate('/personal');
        } else completeLogin(outcome.user);
      })
      .catch(fail);
  }, [completeLogin, navigate, pathname, searchParams, t]);

  useEffect(() => {
    if (!failedTo) return;
    const timer = window.setTimeout(() => navigate(failedTo), FAILURE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [failedTo, navigate]);

  return (
    <Flex vertical align="center" gap={16} style={{ padding: '96px 0' }}>
      <Spin size="large" />
      <Typography.Text type={failedTo ? 'danger' : undefined}>
        {failedTo === null
          ? t('auth.oauthProcessing')
          : failedTo === '/personal'
            ? t('auth.oauthFailedPersonal')
            : t('auth.oauthFailedLogin')}
      </Typography.Text>
    </Flex>
  );
}
