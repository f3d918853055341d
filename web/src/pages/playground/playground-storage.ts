import { StorageKey, readJson, writeJson } from '../../lib/storage.ts';
import {
  defaultSettings,
  parseMaxTokens,
  parseTemperature,
  type PlaygroundSettings,
} from './chat-request.ts';
import { settleInterrupted, type PlaygroundMessage, type ReplyStatus, type Role } from './messages.ts';

/**
 * The settings and the conversation are kept in localStorage across reloads, each marked with the
 * user it belongs to: another user signing in on the same browser starts afresh.
 */
interface Stored<T> {
  owner: number;
  value: T;
}

const ROLES: readonly Role[] = ['user', 'assistant', 'system'];
const STATUSES: readonly ReplyStatus[] = ['loading', 'incomplete', 'complete', 'error'];

function ownedBy<T>(stored: Stored<T> | null, owner: number): T | undefined {
  return stored && typeof stored === 'object' && stored.owner === owner ? stored.value : undefined;
}

const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);

export function loadSettings(owner: number): PlaygroundSettings {
  const defaults = defaultSettings();
  const stored = ownedBy(readJson<Stored<Partial<PlaygroundSettings>>>(StorageKey.playgroundSettings), owner);
  if (!stored || typeof stored !== 'object') return defaults;
  return {
    group: text(stored.group, defaults.group),
    model: text(stored.model, defaults.model),
    temperature: parseTemperature(stored.temperature),
    max_tokens: parseMaxTokens(stored.max_tokens),
    system_prompt: typeof stored.system_prompt === 'string' ? stored.system_prompt : null,
  };
}

export function saveSettings(owner: number, settings: PlaygroundSettings): void {
  writeJson(StorageKey.playgroundSettings, { owner, value: settings } satisfies Stored<PlaygroundSettings>);
}

function asMessage(value: unknown): PlaygroundMessage | null {
  if (!value || typeof value !== 'object') return null;
  const { role, id, createAt, content, status } = value as Record<string, unknown>;
  if (!ROLES.includes(role as Role) || typeof id !== 'string' || typeof content !== 'string') return null;
  const message: PlaygroundMessage = {
    role: role as Role,
    id,
    createAt: typeof createAt === 'number' ? createAt : 0,
    content,
  };
  if (STATUSES.includes(status as ReplyStatus)) message.status = status as ReplyStatus;
  return message;
}

/**
 * The kept conversation; a reply a reload cut off is settled (complete, or error with
 * `interruptedText`), so nothing is shown loading forever. Unreadable entries are dropped.
 */
export function loadConversation(owner: number, interruptedText: string): PlaygroundMessage[] {
  const stored = ownedBy(readJson<Stored<unknown>>(StorageKey.playgroundMessages), owner);
  if (!Array.isArray(stored)) return [];
  const messages = stored.map(asMessage).filter((message) => message !== null);
  return settleInterrupted(messages, interruptedText);
}

export function saveConversation(owner: number, messages: readonly PlaygroundMessage[]): void {
  writeJson(StorageKey.playgroundMessages, { owner, value: messages } satisfies Stored<
    readonly PlaygroundMessage[]
  >);
}
