import { asArray, asObject, asString } from '../../formats/json-read.ts';
import type { ConvertedAnswer, Json } from '../../formats/types.ts';
import { openAIUsageBody } from '../../answer/usage.ts';
import { fromAnthropicUsage } from './anthropic-usage.ts';
import { mapAnthropicStopReason } from './map-anthropic-stop-reason.ts';

export interface FromAnthropicOptions {
  /** The `created` timestamp (seconds) to write; now by default. */
  created?: number;
}

/** An Anthropic tool_use block as an OpenAI tool call (the input object written as JSON text). */
export const toOpenAIToolCall = (block: Json): Json => ({
  id: asString(block.id),
  type: 'function',
  function: { name: asString(block.name), arguments: JSON.stringify(asObject(block.input) ?? {}) },
});

/**
 * A non-stream Anthropic Messages answer as an OpenAI chat completion. Text blocks are joined
 * (a web-search answer comes as many text blocks cut at its citations), thinking blocks become
 * reasoning_content, tool_use blocks tool_calls. Server-tool blocks (web search, code execution,
 * MCP, advisor…), redacted thinking, compaction summaries and citations have no OpenAI form and
 * are left out. An Anthropic error body becomes an OpenAI error body.
 */
export function fromAnthropicMessage(message: Json, options: FromAnthropicOptions = {}): ConvertedAnswer {
  if (message.type === 'error') {
    const error = asObject(message.error) ?? {};
    return {
      body: { error: { message: asString(error.message), type: asString(error.type) || 'upstream_error' } },
    };
  }
  let text = '';
  let reasoning = '';
  const toolCalls: Json[] = [];
  for (const item of asArray(message.content)) {
    const block = asObject(item);
    if (block?.type === 'text') text += asString(block.text);
    else if (block?.type === 'thinking') reasoning += asString(block.thinking);
    else if (block?.type === 'tool_use') toolCalls.push(toOpenAIToolCall(block));
  }
  const assistant: Json = { role: 'assistant', content: text === '' && toolCalls.length > 0 ? null : text };
  if (reasoning !== '') assistant.reasoning_content = reasoning;
  if (toolCalls.length > 0) assistant.tool_calls = toolCalls;

  const usage = message.usage === undefined ? undefined : fromAnthropicUsage(message.usage);
  const body: Json = {
    id: asString(message.id),
    object: 'chat.completion',
    created: options.created ?? Math.floor(Date.now() / 1000),
    model: asString(message.model),
    choices: [
      {
        index: 0,
        message: assistant,
        logprobs: null,
        finish_reason: mapAnthropicStopReason(message.stop_reason),
      },
    ],
  };
  if (usage) body.usage = openAIUsageBody(usage);
  return { body, usage };
}
