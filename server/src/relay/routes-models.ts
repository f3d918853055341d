import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from './caller.ts';
import { clientAdaptor, sharedPathFormat } from './clients/registry.ts';
import { callerModels, knownModel } from './model-access.ts';

const modelParam = (request: FastifyRequest): string => (request.params as { model: string }).model;

/** The model list and lookups: which client asks picks the adaptor, which gives the shapes. */
export async function modelRoutes(app: FastifyInstance): Promise<void> {
  const byCaller = { config: { modelList: true } };
  app.get('/v1/models', byCaller, async (request) =>
    clientAdaptor(sharedPathFormat(request)).modelList(callerModels(app, callerOf(request))),
  );
  app.get('/v1/models/:model', byCaller, async (request) => {
    const id = knownModel(app, callerOf(request), modelParam(request));
    return clientAdaptor(sharedPathFormat(request)).modelEntry(id);
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
