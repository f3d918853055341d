import type { Usage } from '../../answer/usage.ts';
import type { Json } from '../../formats/types.ts';
import { newId } from '../../formats/json-read.ts';

/** The pieces of OpenAI Responses API objects that answers and streams share. */

/** Usage as the Responses API reports it (reasoning and cached tokens in their details). */
export function responsesUsage(usage: Usage | undefined): Json {
  const input = usage?.promptTokens ?? 0;
  const output = usage?.completionTokens ?? 0;
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: usage?.cachedTokens ?? 0 },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: usage?.reasoningTokens ?? 0 },
    total_tokens: input + output,
  };
}

/** Why an answer stopped early, in Responses terms; null when it completed. */
export function incompleteReason(finish: string): string | null {
  if (finish === 'length') return 'max_output_tokens';
  if (finish === 'content_filter') return 'content_filter';
  return null;
}

/** A response id from the upstream's id (or a new one). */
export const responseId = (upstreamId: unknown): string =>
  typeof upstreamId === 'string' && upstreamId !== ''
    ? upstreamId.startsWith('resp_')
      ? upstreamId
      : `resp_${upstreamId}`
    : newId('resp_');

export const reasoningItem = (id: string, text: string): Json => ({
  id,
  type: 'reasoning',
  summary: text === '' ? [] : [{ type: 'summary_text', text }],
});

export const outputText = (text: string): Json => ({
  type: 'output_text',
  text,
  annotations: [],
  logprobs: [],
});

export const messageItem = (id: string, content: Json[], status: string): Json => ({
  id,
  type: 'message',
  status,
  role: 'assistant',
  content,
});

export const functionCallItem = (
  id: string,
  call: { callId: string; name: string; arguments: string },
  status: string,
): Json => ({
  id,
  type: 'function_call',
  status,
  call_id: call.callId,
  name: call.name,
  arguments: call.arguments,
});

export interface ResponseEnvelope {
  id: string;
  model: string;
  createdAt: number;
  /** The request's settings as the response repeats them (responseEcho). */
  echo: Json;
}

/**
 * A whole response object: in progress (no usage yet), or finished with its output and usage; the
 * request's settings repeated as the envelope's echo has them.
 */
export function responseObject(
  envelope: ResponseEnvelope,
  output: Json[],
  end?: { finish: string; usage: Usage | undefined },
): Json {
  const reason = end ? incompleteReason(end.finish) : null;
  return {
    id: envelope.id,
    object: 'response',
    created_at: envelope.createdAt,
    status: end ? (reason ? 'incomplete' : 'completed') : 'in_progress',
    error: null,
    incomplete_details: reason ? { reason } : null,
    ...envelope.echo,
    model: envelope.model,
    output,
    usage: end ? responsesUsage(end.usage) : null,
  };
}
