import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account-routes.ts';
import { adminUserRoutes } from './admin-routes.ts';
import { selfRoutes } from './self-routes.ts';

/** /api/user/*: accounts, the signed-in user's own settings, and user administration. */
export const userApi: FastifyPluginAsync = async (app) => {
  await app.register(accountRoutes);
  await app.register(selfRoutes);
  await app.register(adminUserRoutes);
};
