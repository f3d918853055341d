import type { Endpoint, GeminiEmbedAction } from '../../call/endpoints.ts';
import { RelayError } from '../../call/relay-error.ts';
import { openAIEmbeddingsToGemini } from './gemini-embeddings.ts';

/** What Gemini's POST models/{model}:{action} may ask. */
export type GeminiAction = 'generateContent' | 'streamGenerateContent' | 'countTokens' | GeminiEmbedAction;

const ACTIONS = new Set<string>([
  'generateContent',
  'streamGenerateContent',
  'countTokens',
  'embedContent',
  'batchEmbedContents',
]);

/** The model and action of a path's `{model}:{action}`, or a 404 naming what is served. */
export function geminiTarget(target: string | undefined): { model: string; action: GeminiAction } {
  const text = target ?? '';
  const colon = text.lastIndexOf(':');
  const model = colon > 0 ? text.slice(0, colon) : '';
  const action = colon > 0 ? text.slice(colon + 1) : '';
  if (!model || !ACTIONS.has(action))
    throw new RelayError(
      404,
      `${text} is not supported: use {model}:generateContent, :streamGenerateContent, :countTokens, :embedContent or :batchEmbedContents`,
      'not_found',
    );
  return { model, action: action as GeminiAction };
}

const GENERATE: Endpoint = { path: '/v1beta/models', kind: 'chat' };
/** Embeddings: OpenAI-format channels get /v1/embeddings, Gemini channels the same action. */
function embedding(action: GeminiEmbedAction): Endpoint {
  return {
    path: '/v1/embeddings',
    kind: 'embedding',
    geminiAction: action,
    shapeAnswer: (answer) => openAIEmbeddingsToGemini(answer, action),
  };
}

const EMBED: Record<GeminiEmbedAction, Endpoint> = {
  embedContent: embedding('embedContent'),
  batchEmbedContents: embedding('batchEmbedContents'),
};

/** The relay endpoint an action is served as (countTokens has none: it never reaches a channel). */
export const geminiEndpoint = (action: Exclude<GeminiAction, 'countTokens'>): Endpoint =>
  action === 'generateContent' || action === 'streamGenerateContent' ? GENERATE : EMBED[action];
