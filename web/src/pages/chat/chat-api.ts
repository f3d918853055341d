import type { TokenView } from '@relaygate/contract';
import { api } from '../../api/client.ts';
import { firstEnabledKey } from './chat-link.ts';

/** How many tokens the chat launch looks through for an enabled one (spec: up to 100). */
export const CHAT_TOKEN_SCAN = 100;

/** The key (without `sk-`) of the user's first enabled token among their first 100; null when none is. */
export async function fetchChatKey(): Promise<string | null> {
  const { items } = await api.list<TokenView>('/api/token/', { p: 0, size: CHAT_TOKEN_SCAN });
  return firstEnabledKey(items);
}
