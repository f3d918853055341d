import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatStateView } from './ChatStateView.tsx';
import { useChatLink } from './use-chat-link.ts';
import { registerLocale } from '../../i18n/index.ts';
import { locale } from './locale.ts';

registerLocale(locale);

/**
 * /chat2link: opens the first saved chat's link with the user's first enabled token, in place of
 * this page (so the browser's back button returns to where the user came from, not here).
 */
export function Chat2LinkPage() {
  const { t } = useTranslation();
  const chat = useChatLink(undefined);
  const link = chat.state.phase === 'ready' ? chat.state.link : null;
  useEffect(() => {
    if (link) window.location.replace(link);
  }, [link]);
  return <ChatStateView {...chat} loadingText={t('chat.opening')} />;
}
