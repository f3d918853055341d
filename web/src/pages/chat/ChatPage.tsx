import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RequireLogin } from '../../shell/guards.tsx';
import { ChatStateView } from './ChatStateView.tsx';
import { useChatLink } from './use-chat-link.ts';
import { registerLocale } from '../../i18n/index.ts';
import { locale } from './locale.ts';

registerLocale(locale);

function ChatFrame({ id }: { id: string | undefined }) {
  const { t } = useTranslation();
  const chat = useChatLink(id);
  const { state } = chat;
  if (state.phase !== 'ready' || chat.failure)
    return <ChatStateView {...chat} loadingText={t('chat.loading')} />;
  return (
    <iframe
      key={state.link}
      src={state.link}
      title={t('chat.frameTitle')}
      allow="camera; microphone; clipboard-write"
      data-testid="chat-frame"
      style={{ flex: 1, display: 'block', width: '100%', border: 0 }}
    />
  );
}

/**
 * /chat/{id}: saved chat `id` of the `Chats` option in a frame filling the content area, opened with
 * the user's first enabled token. The route is public; a visitor is asked to sign in first.
 */
export function ChatPage() {
  const { id } = useParams();
  return (
    <RequireLogin>
      <ChatFrame key={id ?? ''} id={id} />
    </RequireLogin>
  );
}
