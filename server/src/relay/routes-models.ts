import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from './caller.ts';
import { clientAdaptor } from './clients/registry.ts';
import { callerModels, knownModel } from './model-access.ts';
import type { WireFormat } from './wire-format.ts';

/**
 * The format of a caller of the model list and the single-model lookups (as new-api does):
 * Anthropic's when anthropic-version comes, Gemini's when the key comes as x-goog-api-key or
 * ?key=, OpenAI's otherwise. Errors on these routes take the same shape.
 */
export function modelListFormat(request: FastifyRequest): WireFormat {
  const headers = request.headers;
  // Anthropic's SDK sends anthropic-version always, its key as x-api-key or (1.x) a bearer token.
  if (headers['anthropic-version']) return 'anthropic';
  const query = request.query as Record<string, unknown> | undefined;
  if (headers['x-goog-api-key'] || (typeof query?.key === 'string' && query.key !== '')) return 'gemini';
  return 'openai';
}

const modelParam = (request: FastifyRequest): string => (request.params as { model: string }).model;

/** The model list and lookups: which client asks picks the adaptor, which gives the shapes. */
export async function modelRoutes(app: FastifyInstance): Promise<void> {
  const byCaller = { config: { modelList: true } };
  app.get('/v1/models', byCaller, async (request) =>
    clientAdaptor(modelListFormat(request)).modelList(callerModels(app, callerOf(request))),
  );
  app.get('/v1/models/:model', byCaller, async (request) => {
    const id = knownModel(app, callerOf(request), modelParam(request));
    return clientAdaptor(modelListFormat(request)).modelEntry(id);
  });

  const gemini = clientAdaptor('gemini');
  const geminiRoute = { config: { format: 'gemini' } };
  app.get('/v1beta/models', geminiRoute, async (request) =>
    gemini.modelList(callerModels(app, callerOf(request))),
  );
  app.get('/v1beta/models/:model', geminiRoute, async (request) =>
    gemini.modelEntry(knownModel(app, callerOf(request), modelParam(request))),
  );
}
