import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useStatusQuery } from '../../status/status.ts';
import { fetchChatKey } from './chat-api.ts';
import { chatLinkFor, chooseChat, serverAddressOf, type ChatLinkState } from './chat-link.ts';

/** Spec: with no enabled token, the warning stays about 1.5 s before the token page opens. */
export const NO_TOKEN_REDIRECT_MS = 1500;

/**
 * The link of saved chat `id` (no id: the first) with the user's first enabled token filled in.
 * It waits for this visit's status, so a chat the admin just changed is never opened from the last
 * visit's copy. With no enabled token it sends the user to /token after the warning.
 */
export function useChatLink(id: string | undefined): {
  state: ChatLinkState;
  failure: Error | null;
  retry: () => void;
} {
  const navigate = useNavigate();
  const status = useStatusQuery();
  const statusReady = status.dataUpdatedAt > 0 || status.isError;
  const choice = statusReady ? chooseChat(status.data?.chats, id) : undefined;
  const key = useQuery({ queryKey: ['chat', 'key'], queryFn: fetchChatKey, enabled: choice?.ok === true });

  let state: ChatLinkState = { phase: 'loading' };
  if (choice && !choice.ok) state = { phase: 'problem', problem: choice.problem };
  else if (choice?.ok && key.isSuccess) {
    const address = serverAddressOf(status.data?.server_address, window.location.origin);
    state = chatLinkFor(choice.chat, key.data, address);
  }

  const noToken = state.phase === 'noToken';
  useEffect(() => {
    if (!noToken) return;
    const timer = setTimeout(() => navigate('/token'), NO_TOKEN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [noToken, navigate]);

  return { state, failure: key.isError ? key.error : null, retry: () => void key.refetch() };
}
