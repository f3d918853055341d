import type { LoginResult } from '@relaygate/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showSuccess } from '../../components/feedback.ts';
import { setSessionUser } from '../../session/session-store.ts';

/**
 * Keeps the signed-in user and says so (spec §4: login stores the user locally);
 * unless told to stay, goes on to /token as the spec's route table asks.
 */
export function useCompleteLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useCallback(
    (user: LoginResult, options: { stay?: boolean } = {}) => {
      setSessionUser(user);
      showSuccess(t('auth.loginSuccess'));
      if (!options.stay) navigate('/token');
    },
    [navigate, t],
  );
}
