import type { LoginResult } from '@relaygate/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { showSuccess } from '../../api/feedback.ts';
import { landingPath } from '../../session/landing.ts';
import { setSessionUser } from '../../session/session-store.ts';

/**
 * Keeps the signed-in user and says so (spec §4: login stores the user locally), then goes on to
 * the page asked for (`redirect`, or the one the login guard turned the user away from), else /token.
 */
export function useCompleteLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search, state } = useLocation();
  return useCallback(
    (user: LoginResult) => {
      setSessionUser(user);
      showSuccess(t('auth.loginSuccess'));
      navigate(landingPath(search, state), { replace: true });
    },
    [navigate, search, state, t],
  );
}
