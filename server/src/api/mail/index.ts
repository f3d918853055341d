import type { FastifyPluginAsync } from 'fastify';
import { resetRoutes } from './reset-routes.ts';
import { testMailRoute } from './test-mail-route.ts';
import { verificationRoutes } from './verification-routes.ts';

/** Everything that sends mail from the console API: codes, binding, password reset, the test mail. */
export const mailApi: FastifyPluginAsync = async (app) => {
  await app.register(verificationRoutes);
  await app.register(resetRoutes);
  await app.register(testMailRoute);
};
