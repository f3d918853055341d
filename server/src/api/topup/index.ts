import type { FastifyPluginAsync } from 'fastify';
import { epayRoutes } from './epay-routes.ts';
import { topUpHistoryRoutes } from './history-routes.ts';
import { redeemRoutes } from './redeem-routes.ts';
import { stripeRoutes } from './stripe-routes.ts';

/** The wallet: redeeming codes, online top-up (EPay, Stripe), and the order history. */
export const topUpApi: FastifyPluginAsync = async (app) => {
  await app.register(redeemRoutes);
  await app.register(epayRoutes);
  await app.register(stripeRoutes);
  await app.register(topUpHistoryRoutes);
};
