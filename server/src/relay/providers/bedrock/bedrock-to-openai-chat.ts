import { asObject, asObjects, asString } from '../../formats/json-read.ts';
import type { ConvertedAnswer, Json } from '../../formats/types.ts';
import { openAIUsageBody } from '../../answer/usage.ts';
import { fromBedrockUsage } from './bedrock-usage.ts';
import { mapBedrockStopReason } from './map-bedrock-stop-reason.ts';

/** A toolUse block as an OpenAI tool call (its input, an object, as JSON text). */
const toolCallOf = (use: Json): Json => ({
  id: asString(use.toolUseId),
  type: 'function',
  function: { name: asString(use.name), arguments: JSON.stringify(asObject(use.input) ?? {}) },
});

/**
 * A Converse answer as an OpenAI chat completion: text blocks → content, reasoningContent →
 * reasoning_content, toolUse blocks → tool_calls; the stopReason as the finish reason; billed
 * from its usage.
 */
export function fromBedrockAnswer(answer: Json, upstreamModel: string): ConvertedAnswer {
  const blocks = asObjects(asObject(asObject(answer.output)?.message)?.content);
  const text = blocks.map((block) => asString(block.text)).join('');
  const reasoning = blocks
    .map((block) => asString(asObject(asObject(block.reasoningContent)?.reasoningText)?.text))
    .join('');
  const toolCalls = blocks.flatMap((block) => {
    const use = asObject(block.toolUse);
    return use ? [toolCallOf(use)] : [];
  });
  const message: Json = { role: 'assistant', content: text === '' && toolCalls.length > 0 ? null : text };
  if (reasoning !== '') message.reasoning_content = reasoning;
  if (toolCalls.length > 0) message.tool_calls = toolCalls;
  const usage = fromBedrockUsage(answer.usage);
  const body: Json = {
    id: `chatcmpl-bedrock-${Date.now().toString(36)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: upstreamModel,
    choices: [{ index: 0, message, finish_reason: mapBedrockStopReason(answer.stopReason) }],
  };
  if (usage) body.usage = openAIUsageBody(usage);
  return { body, usage };
}
