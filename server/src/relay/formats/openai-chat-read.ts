import { readOpenAIUsage, type Usage } from '../answer/usage.ts';
import type { Json } from './types.ts';
import { asArray, asObject, asString } from './json-read.ts';

/** The visible text and the reasoning of an OpenAI chat message or stream delta. */
export interface ChatContent {
  text: string;
  reasoning: string;
}

/** Text of a Mistral thinking part: a string or a list of text parts. */
const thinkingText = (thinking: unknown): string =>
  typeof thinking === 'string'
    ? thinking
    : asArray(thinking)
        .map((part) => asString(asObject(part)?.text))
        .join('');

/** A message's text alone (a system message, a tool result): its text parts, one per line. */
export const plainMessageText = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : asArray(content)
        .map((part) => asString(asObject(part)?.text))
        .filter((text) => text !== '')
        .join('\n');

/**
 * Reads `content` (a string, or Mistral's list of text and thinking parts) and the reasoning that
 * upstreams put beside it: `reasoning_content` (DeepSeek, xAI, vLLM) or `reasoning` (Groq, OpenRouter).
 */
export function readChatContent(message: Json | undefined): ChatContent {
  if (!message) return { text: '', reasoning: '' };
  let text = '';
  let reasoning = asString(message.reasoning_content) || asString(message.reasoning);
  if (typeof message.content === 'string') text = message.content;
  for (const raw of asArray(message.content)) {
    const part = asObject(raw);
    if (part?.type === 'text') text += asString(part.text);
    else if (part?.type === 'thinking') reasoning += thinkingText(part.thinking);
  }
  return { text, reasoning };
}

/** One tool call of a message or delta, as far as it is known. */
export interface ChatToolCall {
  /** The stream's index; undefined when the upstream left it out (Mistral). */
  index?: number;
  id: string;
  name: string;
  /** Arguments as the upstream sent them: usually a JSON string piece, sometimes an object. */
  arguments: unknown;
}

export function readToolCalls(message: Json | undefined): ChatToolCall[] {
  return asArray(message?.tool_calls).flatMap((raw) => {
    const call = asObject(raw);
    if (!call) return [];
    const fn = asObject(call.function);
    return [
      {
        index: typeof call.index === 'number' ? call.index : undefined,
        id: asString(call.id),
        name: asString(fn?.name),
        arguments: fn?.arguments,
      },
    ];
  });
}

/**
 * Which call a stream's tool-call piece belongs to: its index; without one (Mistral), its id; a
 * piece with neither continues the current call.
 */
export const toolCallKey = (call: ChatToolCall, current: string | undefined, position: number): string =>
  call.index !== undefined
    ? `index ${call.index}`
    : call.id
      ? `id ${call.id}`
      : (current ?? `index ${position}`);

/** The first choice of an answer or chunk, with its message (or delta) and finish reason. */
export function firstChoice(body: Json): { message?: Json; finish: string } {
  const choice = asObject(asArray(body.choices)[0]);
  return {
    message: asObject(choice?.message) ?? asObject(choice?.delta),
    finish: asString(choice?.finish_reason),
  };
}

/** The message of an upstream error body, or undefined when the body carries none. */
export function errorMessage(body: Json): string | undefined {
  if (body.error === undefined || body.error === null) return undefined;
  const error = asObject(body.error);
  return asString(error?.message) || asString(body.error) || JSON.stringify(body.error);
}

/** Usage of a chunk: OpenAI's field, or where older Groq builds put it. */
export const chunkUsage = (chunk: Json): Usage | undefined =>
  readOpenAIUsage(chunk.usage) ?? readOpenAIUsage(asObject(chunk.x_groq)?.usage);

/** A tool call's arguments piece as JSON text (some upstreams send an object). */
export const argumentsText = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value);
