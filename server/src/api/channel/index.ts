import type { FastifyPluginAsync } from 'fastify';
import { channelCatalogueRoutes } from './catalogue-routes.ts';
import { channelListRoutes } from './list-routes.ts';
import { channelTagRoutes } from './tag-routes.ts';
import { channelTestRoutes } from './test-routes.ts';
import { channelUpstreamRoutes } from './upstream-routes.ts';
import { channelWriteRoutes } from './write-routes.ts';

/** /api/channel/*: admin management of upstream provider accounts (the key only ever to root). */
export const channelApi: FastifyPluginAsync = async (app) => {
  await app.register(channelListRoutes);
  await app.register(channelWriteRoutes);
  await app.register(channelTagRoutes);
  await app.register(channelCatalogueRoutes);
  await app.register(channelTestRoutes);
  await app.register(channelUpstreamRoutes);
};
