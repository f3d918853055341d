import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { relayThrough } from '../../call/client-call.ts';
import { countGeminiTokens } from './gemini-count-tokens.ts';
import { geminiEndpoint, geminiTarget } from './gemini-target.ts';
import { clientAdaptor } from '../registry.ts';
import type { RelayRuntime } from '../../call/pipeline.ts';
import { callerOf } from '../../call/caller.ts';
import { callerModels, knownModel } from '../../call/model-access.ts';

/**
 * The Gemini API under /v1beta (and /v1): models/{model}:generateContent, :streamGenerateContent,
 * :embedContent and :batchEmbedContents relayed, :countTokens counted here; its model list and
 * lookups under /v1beta/models (under /v1/models, the list answers whichever client asks:
 * ../model-routes.ts).
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

  const listed = { config: { format: 'gemini' } };
  app.get('/v1beta/models', listed, async (request) =>
    gemini.modelList(callerModels(app, callerOf(request))),
  );
  app.get('/v1beta/models/:model', listed, async (request) =>
    gemini.modelEntry(knownModel(app, callerOf(request), (request.params as { model: string }).model)),
  );
}
