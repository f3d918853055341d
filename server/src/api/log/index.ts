import type { FastifyPluginAsync } from 'fastify';

/** /api/log/*: to be built. */
export const logApi: FastifyPluginAsync = async () => {};
