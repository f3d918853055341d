import type { PlaygroundMessage } from './messages.ts';

/** The playground's settings (spec 001 §3), kept locally. */
export interface PlaygroundSettings {
  group: string;
  model: string;
  temperature: number;
  max_tokens: number;
  /** null: the default prompt, in the console's language at the time of sending. */
  system_prompt: string | null;
}

/** Spec 001 §9: model gpt-4o-mini, temperature 0 (the slider offers 0.1 to 1), max tokens 0 (no limit). */
export const DEFAULT_MODEL = 'gpt-4o-mini';
export const TEMPERATURE = { min: 0.1, max: 1, step: 0.1, initial: 0 } as const;

export function defaultSettings(): PlaygroundSettings {
  return {
    group: '',
    model: DEFAULT_MODEL,
    temperature: TEMPERATURE.initial,
    max_tokens: 0,
    system_prompt: null,
  };
}

/** The system prompt in effect: the user's own, else the default one (a helpful-assistant text). */
export const systemPromptOf = (settings: PlaygroundSettings, defaultPrompt: string): string =>
  settings.system_prompt ?? defaultPrompt;

/** max_tokens as an integer (spec 001 §5): anything that is not a non-negative whole number is 0, no limit. */
export function parseMaxTokens(value: unknown): number {
  const parsed = Number.parseInt(String(value ?? ''), 10);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : 0;
}

/** A temperature the request may carry: 0 (the default) or within the slider's range, to one decimal. */
export function parseTemperature(value: unknown): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) return TEMPERATURE.initial;
  return Math.round(Math.min(number, TEMPERATURE.max) * 10) / 10;
}

/** Spec 001 §5: a group and a model are required. Answers the locale key of what is missing. */
export function missingSetting(settings: PlaygroundSettings): string | null {
  if (settings.group.trim() === '') return 'playground.groupRequired';
  if (settings.model.trim() === '') return 'playground.modelRequired';
  return null;
}

/** A reply worth sending back as context: finished without an error, with text. */
const isContext = (message: PlaygroundMessage) =>
  message.role === 'user' ||
  (message.role === 'assistant' && message.status === 'complete' && message.content !== '');

/**
 * The body of POST /pg/chat/completions (spec 001 §7): the system prompt first when it is not empty,
 * then the conversation (failed and empty replies left out), streamed. max_tokens 0 means no limit
 * and is left out, as new-api leaves it out of the upstream call.
 */
export function chatBody(
  settings: PlaygroundSettings,
  conversation: readonly PlaygroundMessage[],
  defaultPrompt: string,
) {
  const system = systemPromptOf(settings, defaultPrompt);
  const messages = [
    ...(system.trim() === '' ? [] : [{ role: 'system', content: system }]),
    ...conversation.filter(isContext).map(({ role, content }) => ({ role, content })),
  ];
  const maxTokens = parseMaxTokens(settings.max_tokens);
  return {
    messages,
    stream: true,
    model: settings.model.trim(),
    group: settings.group,
    temperature: parseTemperature(settings.temperature),
    ...(maxTokens > 0 ? { max_tokens: maxTokens } : {}),
  };
}
