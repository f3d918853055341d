import type { FastifyPluginAsync } from 'fastify';

/** /api/token/*: to be built. */
export const tokenApi: FastifyPluginAsync = async () => {};
