import type { FastifyPluginAsync } from 'fastify';

/** /api/channel/*: to be built. */
export const channelApi: FastifyPluginAsync = async () => {};
