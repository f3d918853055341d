import type { SseEvent } from './sse-parser.ts';

/** What one event of a chat-completions stream means to the playground. */
export type ChatEvent =
  | { type: 'delta'; text: string }
  | { type: 'done' }
  | { type: 'error'; message: string }
  | { type: 'ignore' };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The message an error answer carries, in any of the shapes a gateway or provider sends:
 * `{error: {message}}` (OpenAI), `{error: "text"}`, the console envelope `{success: false, message}`,
 * or `{message}`. Empty when the value carries none.
 */
export function errorMessageOf(value: unknown): string {
  if (!isObject(value)) return '';
  const { error } = value;
  if (typeof error === 'string') return error;
  if (isObject(error)) {
    if (typeof error.message === 'string' && error.message !== '') return error.message;
    return JSON.stringify(error);
  }
  return typeof value.message === 'string' ? value.message : '';
}

/** The error text of an answer that is not a stream (a non-2xx status, or a JSON refusal): its message, else its text. */
export function errorTextOfBody(body: string): string {
  const message = errorMessageOf(parseJson(body));
  if (message !== '') return message;
  const text = body.trim();
  // An HTML error page says nothing useful in a chat bubble.
  if (text === '' || text.startsWith('<')) return '';
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}

/**
 * One event of an OpenAI chat-completions stream: `[DONE]` ends it, a JSON `error` (or an event named
 * `error`) fails it, `choices[0].delta.content` adds text. Anything else (the role chunk, a usage
 * chunk, a line that is not JSON) changes nothing.
 */
export function chatEventOf(event: SseEvent): ChatEvent {
  const data = event.data.trim();
  if (data === '[DONE]') return { type: 'done' };
  const value = parseJson(data);
  if (event.event === 'error') return { type: 'error', message: errorMessageOf(value) || data };
  if (!isObject(value)) return { type: 'ignore' };
  if ('error' in value && value.error) return { type: 'error', message: errorMessageOf(value) };
  const choice = Array.isArray(value.choices) ? (value.choices[0] as unknown) : undefined;
  const delta = isObject(choice) && isObject(choice.delta) ? choice.delta : undefined;
  if (delta && typeof delta.content === 'string' && delta.content !== '') {
    return { type: 'delta', text: delta.content };
  }
  return { type: 'ignore' };
}

/** The whole answer of a non-streamed completion (`choices[0].message.content`), or null when it is not one. */
export function completionTextOf(body: string): string | null {
  const value = parseJson(body);
  if (!isObject(value) || !Array.isArray(value.choices)) return null;
  const choice = value.choices[0] as unknown;
  const message = isObject(choice) && isObject(choice.message) ? choice.message : undefined;
  return message && typeof message.content === 'string' ? message.content : null;
}
