import type { FastifyPluginAsync } from 'fastify';
import { redeemRoutes } from './redeem-routes.ts';

/** The wallet: redeeming codes. */
export const topUpApi: FastifyPluginAsync = async (app) => {
  await app.register(redeemRoutes);
};
