import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from './caller.ts';
import type { Endpoint } from './endpoints.ts';
import { geminiToOpenAIChat } from './clients/gemini/gemini-request-to-openai-chat.ts';
import { relayCall, type RelayRuntime } from './pipeline.ts';
import { geminiEmbedToOpenAI, type GeminiEmbedAction } from './clients/gemini/gemini-embeddings.ts';
import { countPromptTokens } from './token-counter.ts';
import type { RelayBody } from './relay-body.ts';
import { RelayError, invalidRequest, requireJsonObject } from './relay-error.ts';
import { geminiModel } from './routes-models.ts';
import { callerModels } from './routes-openai.ts';

const GENERATE: Endpoint = { path: '/v1beta/models', kind: 'chat' };
/** Embeddings: OpenAI-format channels get /v1/embeddings, Gemini channels the same action. */
const EMBED: Record<GeminiEmbedAction, Endpoint> = {
  embedContent: { path: '/v1/embeddings', kind: 'embedding', geminiAction: 'embedContent' },
  batchEmbedContents: { path: '/v1/embeddings', kind: 'embedding', geminiAction: 'batchEmbedContents' },
};

function readGeminiBody(raw: unknown, model: string, stream: boolean): RelayBody {
  const original = requireJsonObject(raw);
  if (!Array.isArray(original.contents)) {
    throw invalidRequest('contents is required');
  }
  const generation = (original.generationConfig ?? {}) as {
    maxOutputTokens?: unknown;
    thinkingConfig?: { thinkingBudget?: unknown };
  };
  const budget = generation.thinkingConfig?.thinkingBudget;
  return {
    model,
    stream,
    clientWantsUsage: true,
    maxTokens: typeof generation.maxOutputTokens === 'number' ? generation.maxOutputTokens : 0,
    json: geminiToOpenAIChat(original, model, stream),
    clientFormat: 'gemini',
    original,
    thinkingBudget: typeof budget === 'number' && budget > 0 ? budget : undefined,
  };
}

/**
 * models/{model}:countTokens, counted with the gateway's tokenizer (not billed): the request's
 * contents, or the whole generateContentRequest it wraps.
 */
async function countTokens(raw: unknown, model: string): Promise<{ totalTokens: number }> {
  const body = requireJsonObject(raw);
  const wrapped = body.generateContentRequest;
  const request = wrapped && typeof wrapped === 'object' ? requireJsonObject(wrapped) : body;
  if (!Array.isArray(request.contents)) throw invalidRequest('contents is required');
  return { totalTokens: await countPromptTokens(geminiToOpenAIChat(request, model, false)) };
}

/** The Gemini API: generateContent and streamGenerateContent under /v1beta (and /v1), and the model list. */
export async function geminiRoutes(app: FastifyInstance, runtime: RelayRuntime): Promise<void> {
  const options = { bodyLimit: app.config.maxRequestBodyBytes, config: { format: 'gemini' } };
  const generate = async (request: FastifyRequest, reply: FastifyReply) => {
    const target = (request.params as { target: string }).target;
    const colon = target.lastIndexOf(':');
    const model = colon > 0 ? target.slice(0, colon) : '';
    const action = colon > 0 ? target.slice(colon + 1) : '';
    if (model && action === 'countTokens') return countTokens(request.body, model);
    if (model && (action === 'embedContent' || action === 'batchEmbedContents')) {
      const endpoint = EMBED[action];
      const original = requireJsonObject(request.body);
      const body: RelayBody = {
        model,
        stream: false,
        clientWantsUsage: false,
        maxTokens: 0,
        json: geminiEmbedToOpenAI(original, action, model),
        clientFormat: 'gemini',
        original,
      };
      return relayCall(app, runtime, request, reply, endpoint, callerOf(request), body);
    }
    if (!model || (action !== 'generateContent' && action !== 'streamGenerateContent')) {
      throw new RelayError(
        404,
        `${target} is not supported: use {model}:generateContent, :streamGenerateContent, :countTokens, :embedContent or :batchEmbedContents`,
        'not_found',
      );
    }
    const caller = callerOf(request);
    const body = readGeminiBody(request.body, model, action === 'streamGenerateContent');
    return relayCall(app, runtime, request, reply, GENERATE, caller, body);
  };
  app.post('/v1beta/models/:target', options, generate);
  app.post('/v1/models/:target', options, generate);

  app.get('/v1beta/models', { config: { format: 'gemini' } }, async (request) => {
    const caller = callerOf(request);
    return {
      models: callerModels(app, caller).map(geminiModel),
    };
  });
}
