/** GET /metrics: who may scrape, and the scrape itself (this process, or every worker of the node). */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { allowListMatcher, ipAllowed } from '../net/ip-allow-list.ts';
import type { OpsSettings } from '../config.ts';
import { LocalizedError, msg } from '../i18n/text.ts';

const LOOPBACK = allowListMatcher('127.0.0.0/8,::1');

function tokenMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  if (!header.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice(7).trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Who may scrape: a request with the bearer token (METRICS_TOKEN), or from an allowed address
 * (METRICS_ALLOWED_IPS); with neither configured, only this machine (loopback).
 */
export function scrapeAllowed(request: FastifyRequest, ops: OpsSettings): boolean {
  if (ops.metricsToken && tokenMatches(request, ops.metricsToken)) return true;
  if (ops.metricsAllowedIps.length > 0)
    return ipAllowed(allowListMatcher(ops.metricsAllowedIps.join(',')), request.ip);
  return ops.metricsToken === undefined && ipAllowed(LOOPBACK, request.ip);
}

/** GET /metrics: the Prometheus text exposition format, for every worker of this node. */
export const metricsApi: FastifyPluginAsync = async (app) => {
  app.get('/metrics', async (request, reply) => {
    const ops = app.config.ops;
    if (!app.metrics.enabled) throw new LocalizedError(msg('http.metricsOff'), 404);
    if (!scrapeAllowed(request, ops)) throw new LocalizedError(msg('http.metricsDenied'), 403);
    // In a cluster the primary gathers the workers; a worker that does not answer in time is a 503.
    const text = await app.metrics.scrape().catch((error: unknown) => {
      request.log.warn({ err: error }, 'gathering the metrics failed');
      throw new LocalizedError(msg('http.metricsUnavailable'), 503);
    });
    return reply.header('cache-control', 'no-store').type(app.metrics.contentType).send(text);
  });
};
