import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../call/caller.ts';
import { clientAdaptor, sharedPathFormat } from './registry.ts';
import { callerModels, knownModel } from '../call/model-access.ts';

const modelParam = (request: FastifyRequest): string => (request.params as { model: string }).model;

/**
 * The model list and lookups under /v1/models, a path every client format shares: which client asks
 * picks the adaptor, which gives the shapes. (A format's own paths are in its folder's routes.)
 */
export async function modelRoutes(app: FastifyInstance): Promise<void> {
  const byCaller = { config: { modelList: true } };
  app.get('/v1/models', byCaller, async (request) =>
    clientAdaptor(sharedPathFormat(request)).modelList(callerModels(app, callerOf(request))),
  );
  app.get('/v1/models/:model', byCaller, async (request) => {
    const id = knownModel(app, callerOf(request), modelParam(request));
    return clientAdaptor(sharedPathFormat(request)).modelEntry(id);
  });
}
