import type { FastifyInstance, HTTPMethods } from 'fastify';

/**
 * Screens of new-api's console that /api/status switches on, and the endpoint each one needs. A
 * flag may only say true when that endpoint is served by this build, or the menu leads to a
 * screen that waits forever; the endpoints come with their own issues.
 */
const FEATURE_ENDPOINTS = {
  task: { method: 'GET', url: '/api/task/self' },
  dataExport: { method: 'GET', url: '/api/data/self' },
  drawing: { method: 'GET', url: '/api/mj/self' },
  oidc: { method: 'GET', url: '/api/oauth/oidc' },
} as const satisfies Record<string, { method: HTTPMethods; url: string }>;

export type Feature = keyof typeof FEATURE_ENDPOINTS;

/** Which of those features this app serves; routes are fixed once the app is ready, so asked once. */
export function featureProbe(app: FastifyInstance): () => Record<Feature, boolean> {
  let offered: Record<Feature, boolean> | undefined;
  return () =>
    (offered ??= Object.fromEntries(
      Object.entries(FEATURE_ENDPOINTS).map(([feature, route]) => [feature, app.hasRoute(route)]),
    ) as Record<Feature, boolean>);
}
