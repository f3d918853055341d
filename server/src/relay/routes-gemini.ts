import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { relayThrough } from './client-call.ts';
import { countGeminiTokens } from './clients/gemini/gemini-count-tokens.ts';
import { geminiEndpoint, geminiTarget } from './clients/gemini/gemini-target.ts';
import { clientAdaptor } from './clients/registry.ts';
import type { RelayRuntime } from './pipeline.ts';

/**
 * The Gemini API under /v1beta (and /v1): models/{model}:generateContent, :streamGenerateContent,
 * :embedContent and :batchEmbedContents relayed, :countTokens counted here. (The model list and
 * lookups are in routes-models.ts.)
 */
export async function geminiRoutes(app: FastifyInstance, runtime: RelayRuntime): Promise<void> {
  const options = { bodyLimit: app.config.maxRequestBodyBytes, config: { format: 'gemini' } };
  const gemini = clientAdaptor('gemini');
  const generate = async (request: FastifyRequest, reply: FastifyReply) => {
    const { model, action } = geminiTarget((request.params as { target?: string }).target);
    if (action === 'countTokens') return countGeminiTokens(request.body, model);
    return relayThrough(app, runtime, gemini, geminiEndpoint(action), request, reply);
  };
  app.post('/v1beta/models/:target', options, generate);
  app.post('/v1/models/:target', options, generate);
}
