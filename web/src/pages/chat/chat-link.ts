import { TokenStatus, type TokenView } from '@relaygate/contract';
import { savedChats, type SavedChat } from '../../lib/chats.ts';

/** The address the chat client should call: the configured server address, else this console's origin. */
export function serverAddressOf(configured: string | undefined, origin: string): string {
  const address = (configured ?? '').trim().replace(/\/+$/, '');
  return address || origin;
}

/**
 * The link with its placeholders filled in, as new-api's console does: `{address}` becomes the
 * URL-encoded server address and `{key}` the token's key with its `sk-` prefix. `null` when the
 * result is not an http(s) URL (a frame must never run a `javascript:` link in the console's origin).
 */
export function fillChatLink(template: string, key: string, serverAddress: string): string | null {
  const link = template
    .replaceAll('{address}', encodeURIComponent(serverAddress))
    .replaceAll('{key}', `sk-${key}`);
  try {
    const { protocol } = new URL(link);
    return protocol === 'http:' || protocol === 'https:' ? link : null;
  } catch {
    return null;
  }
}

/** Why a chat cannot be opened, as the spec's error catalogue names it (keys of `chatPage.error`). */
export type ChatProblem = 'unreadable' | 'notConfigured' | 'badLink';

export type ChatChoice = { ok: true; chat: SavedChat } | { ok: false; problem: ChatProblem };

/**
 * The chat a route asks for: `id` is its index in the option's list (no id: the first chat).
 * An id that names no saved chat is a chat the admin has not configured.
 */
export function chooseChat(chats: unknown, id: string | undefined): ChatChoice {
  const saved = savedChats(chats);
  if (saved === null) return { ok: false, problem: 'unreadable' };
  if (id === undefined) {
    const first = saved[0];
    return first ? { ok: true, chat: first } : { ok: false, problem: 'notConfigured' };
  }
  if (!/^\d+$/.test(id)) return { ok: false, problem: 'notConfigured' };
  const index = Number(id);
  const chat = saved.find((entry) => entry.index === index);
  if (chat) return { ok: true, chat };
  // An entry at that index that is not a usable `{name: link}` pair is a broken configuration.
  const listed = Array.isArray(chats) && index < chats.length;
  return { ok: false, problem: listed ? 'badLink' : 'notConfigured' };
}

/** What a chat page shows: the link once it can be built, or why not. */
export type ChatLinkState =
  | { phase: 'loading' }
  | { phase: 'ready'; link: string }
  | { phase: 'problem'; problem: ChatProblem }
  | { phase: 'noToken' };

/** The chat's link for the user's first enabled token (`null`: the user has none). */
export function chatLinkFor(chat: SavedChat, key: string | null, serverAddress: string): ChatLinkState {
  if (key === null) return { phase: 'noToken' };
  const link = fillChatLink(chat.link, key, serverAddress);
  return link ? { phase: 'ready', link } : { phase: 'problem', problem: 'badLink' };
}

/** The first enabled token in the list's order, as new-api's console picks it. */
export function firstEnabledKey(tokens: TokenView[]): string | null {
  return tokens.find((token) => token.status === TokenStatus.Enabled && token.key)?.key ?? null;
}
