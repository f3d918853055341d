import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatStateView } from './ChatStateView.tsx';
import { useChatLink } from './use-chat-link.ts';

/**
 * /chat2link: opens the first saved chat's link with the user's first enabled token, in place of
 * this page (so the browser's back button returns to where the user came from, not here).
 */
export function Chat2LinkPage() {
  const { t } = useTranslation();
  const { state, failure, retry } = useChatLink(undefined);
  const link = state.phase === 'ready' ? state.link : null;
  useEffect(() => {
    if (link) window.location.replace(link);
  }, [link]);
  return (
    <ChatStateView
      state={state.phase === 'ready' ? { phase: 'loading' } : state}
      failure={failure}
      retry={retry}
      loadingText={t('chat.opening')}
    />
  );
}
