import type { FastifyPluginAsync } from 'fastify';
import { codeFlowRoutes } from './code-flow-routes.ts';
import { unbindRoutes } from './unbind-routes.ts';
import { widgetRoutes } from './widget-routes.ts';

/** /api/oauth/*: third-party sign-in and binding (GitHub, LinuxDO, OpenID Connect, WeChat, Telegram). */
export const oauthApi: FastifyPluginAsync = async (app) => {
  await app.register(codeFlowRoutes);
  await app.register(widgetRoutes);
  await app.register(unbindRoutes);
};
