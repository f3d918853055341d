import { readOpenAIUsage, type Usage } from '../../answer/usage.ts';
import type { ConvertedAnswer, Json } from '../../formats/types.ts';
import { asString, newId, parseArguments } from '../../formats/json-read.ts';
import { firstChoice, readChatContent, readToolCalls } from '../../formats/openai-chat-read.ts';

/**
 * An OpenAI finish reason as an Anthropic stop reason. Tool calls mean tool_use whatever it said
 * (some providers say stop), except when the answer was cut at the token limit: a tool call cut
 * short has arguments that are not whole, and an agent must not run it (Anthropic says max_tokens).
 */
export function anthropicStopReason(finish: string, hasToolCalls: boolean): string {
  if (finish === 'length') return 'max_tokens';
  if (hasToolCalls || finish === 'tool_calls' || finish === 'function_call') return 'tool_use';
  if (finish === 'content_filter') return 'refusal';
  return 'end_turn';
}

/**
 * Usage in Anthropic terms: input_tokens leaves out the tokens read from (or written to) a cache;
 * output_tokens is the whole completion, reasoning included (a Gemini channel's thoughts too), as
 * Anthropic counts thinking. Known reasoning tokens also go in output_tokens_details.thinking_tokens,
 * where Anthropic itself reports them (and its SDK reads them); the field is left out when unknown.
 */
export function anthropicUsage(usage: Usage | undefined): Json {
  const cached = usage?.cachedTokens ?? 0;
  const written = usage?.cacheCreationTokens ?? 0;
  const output = usage?.completionTokens ?? 0;
  const thinking = Math.min(usage?.reasoningTokens ?? 0, output);
  return {
    input_tokens: Math.max(0, (usage?.promptTokens ?? 0) - cached - written),
    output_tokens: output,
    cache_read_input_tokens: cached,
    cache_creation_input_tokens: written,
    ...(thinking > 0 ? { output_tokens_details: { thinking_tokens: thinking } } : {}),
  };
}

/** An Anthropic message id from the upstream's id (or a new one). */
export const anthropicMessageId = (upstreamId: unknown): string => {
  const id = asString(upstreamId);
  return id === '' ? newId('msg_') : id.startsWith('msg_') ? id : `msg_${id}`;
};

/** An OpenAI tool call id kept for the client, or a new Anthropic-style one. */
export const toolUseId = (id: string): string => id || newId('toolu_');

/**
 * An OpenAI chat completion as an Anthropic message: reasoning first as a thinking block, then the
 * text (never an empty text block), then one tool_use block per call.
 */
export function openAIChatToAnthropic(answer: Json, requestedModel: string): ConvertedAnswer {
  const { message, finish } = firstChoice(answer);
  const { text, reasoning } = readChatContent(message);
  const refusal = asString(message?.refusal);
  const toolCalls = readToolCalls(message);
  const content: Json[] = [];
  if (reasoning) content.push({ type: 'thinking', thinking: reasoning, signature: '' });
  if (text || refusal) content.push({ type: 'text', text: text || refusal });
  for (const call of toolCalls)
    content.push({
      type: 'tool_use',
      id: toolUseId(call.id),
      name: call.name,
      input: parseArguments(call.arguments),
    });
  const usage = readOpenAIUsage(answer.usage);
  return {
    body: {
      id: anthropicMessageId(answer.id),
      type: 'message',
      role: 'assistant',
      model: requestedModel,
      content,
      stop_reason: refusal && !text ? 'refusal' : anthropicStopReason(finish, toolCalls.length > 0),
      stop_sequence: null,
      usage: anthropicUsage(usage),
    },
    usage,
  };
}
