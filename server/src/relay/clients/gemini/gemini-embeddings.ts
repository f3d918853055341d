import type { GeminiEmbedAction } from '../../call/endpoints.ts';
import type { Json } from '../../formats/types.ts';
import { asArray, asObject, asObjects, asString } from '../../formats/json-read.ts';
import { readOpenAIUsage, type Usage } from '../../answer/usage.ts';
import { invalidRequest } from '../../call/relay-error.ts';

const contentText = (content: unknown): string =>
  asObjects(asObject(content)?.parts)
    .map((part) => asString(part.text))
    .join('\n');

/** The embedding requests of a call: the one content, or each of the batch. */
function embedRequests(original: Json, action: GeminiEmbedAction): Json[] {
  return action === 'embedContent' ? [original] : asObjects(original.requests);
}

/**
 * A Gemini embedding call as an OpenAI /v1/embeddings request: one input per content (its text
 * parts joined), outputDimensionality as dimensions.
 */
export function geminiEmbedToOpenAI(original: Json, action: GeminiEmbedAction, model: string): Json {
  const requests = embedRequests(original, action);
  if (requests.length === 0 || requests.some((request) => !asObject(request.content)))
    throw invalidRequest(
      action === 'embedContent' ? 'content is required' : 'requests[].content is required',
    );
  const json: Json = { model, input: requests.map((request) => contentText(request.content)) };
  const dimensions = requests[0]!.outputDimensionality;
  if (typeof dimensions === 'number') json.dimensions = dimensions;
  return json;
}

/** An OpenAI embedding list as Gemini's answer to the action, with its usage. */
export function openAIEmbeddingsToGemini(
  answer: Json,
  action: GeminiEmbedAction,
): { body: Json; usage?: Usage } {
  const values = asObjects(answer.data)
    .sort((a, b) => Number(a.index ?? 0) - Number(b.index ?? 0))
    .map((item) => ({ values: asArray(item.embedding) }));
  const body =
    action === 'embedContent' ? { embedding: values[0] ?? { values: [] } } : { embeddings: values };
  return { body, usage: readOpenAIUsage(answer.usage) };
}
