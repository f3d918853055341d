import type { FastifyPluginAsync } from 'fastify';
import { tokenReadRoutes } from './read-routes.ts';
import { tokenWriteRoutes } from './write-routes.ts';

/** /api/token/*: the API keys a signed-in user creates to call the gateway; each user sees only their own. */
export const tokenApi: FastifyPluginAsync = async (app) => {
  await app.register(tokenReadRoutes);
  await app.register(tokenWriteRoutes);
};
