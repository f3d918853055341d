import { asObject, asObjects, asString } from '../../formats/json-read.ts';
import type { ConvertedAnswer, Json } from '../../formats/types.ts';
import { openAIUsageBody } from '../../answer/usage.ts';
import { cohereEmbedToOpenAI, cohereRerankToJina } from './cohere-embed-rerank.ts';
import { mapCohereFinishReason } from './map-cohere-finish-reason.ts';
import { fromCohereUsage } from './cohere-usage.ts';

/** Cohere's tool calls as OpenAI's (the same shape; arguments always a JSON object's text). */
function toolCallsOf(message: Json): Json[] {
  return asObjects(message.tool_calls).map((call) => {
    const fn = asObject(call.function) ?? {};
    const args = fn.arguments;
    return {
      id: asString(call.id),
      type: 'function',
      function: {
        name: asString(fn.name),
        // A call without arguments may say "null": its arguments are the empty object.
        arguments:
          typeof args === 'string' && args !== '' && args !== 'null'
            ? args
            : JSON.stringify(asObject(args) ?? {}),
      },
    };
  });
}

/** The text of the content blocks of one type (`text` or `thinking`). */
const blockText = (message: Json, type: 'text' | 'thinking'): string =>
  asObjects(message.content)
    .filter((block) => block.type === type)
    .map((block) => asString(block[type]))
    .join('');

/**
 * A Cohere v2 chat answer as an OpenAI chat completion: text blocks → content, thinking blocks →
 * reasoning_content, tool_calls as they are (the tool plan, Cohere's words before calling, is
 * the content when there is no text). Billed from `billed_units`.
 */
export function fromCohereChat(answer: Json, upstreamModel: string): ConvertedAnswer {
  const message = asObject(answer.message) ?? {};
  const toolCalls = toolCallsOf(message);
  const reasoning = blockText(message, 'thinking');
  const text = blockText(message, 'text') || asString(message.tool_plan);
  const reply: Json = { role: 'assistant', content: text === '' && toolCalls.length > 0 ? null : text };
  if (reasoning) reply.reasoning_content = reasoning;
  if (toolCalls.length > 0) reply.tool_calls = toolCalls;
  const usage = fromCohereUsage(answer.usage);
  const body: Json = {
    id: asString(answer.id),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: upstreamModel,
    choices: [{ index: 0, message: reply, finish_reason: mapCohereFinishReason(answer.finish_reason) }],
  };
  if (usage) body.usage = openAIUsageBody(usage);
  return { body, usage };
}

/** Any Cohere answer in OpenAI's (or Jina's, for rerank) terms, told apart by its shape. */
export function fromCohereAnswer(answer: Json, upstreamModel: string): ConvertedAnswer {
  if (answer.embeddings !== undefined) return cohereEmbedToOpenAI(answer, upstreamModel);
  if (Array.isArray(answer.results) && answer.message === undefined) return cohereRerankToJina(answer);
  return fromCohereChat(answer, upstreamModel);
}
