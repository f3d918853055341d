import type { FastifyPluginAsync } from 'fastify';

/** /v1/*, /pg/*: to be built. */
export const relayRoutes: FastifyPluginAsync = async () => {};
