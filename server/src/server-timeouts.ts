import type { FastifyServerOptions } from 'fastify';
import type { HttpTimeouts } from './config.ts';

/**
 * The HTTP server's limits on clients, so a slow client cannot hold a socket: headers and the
 * whole body must arrive in time (Node answers 408 and closes the connection otherwise), idle
 * keep-alive connections close, and one connection carries a bounded number of requests. Node
 * checks the first two every connectionsCheckingInterval: a quarter of the shorter limit, at most
 * Node's own 30 s. Answers (streams included) have their own upstream timeouts and are not cut.
 */
export function serverTimeouts(limits: HttpTimeouts): FastifyServerOptions & {
  http: { headersTimeout: number; connectionsCheckingInterval: number };
} {
  const shorter = Math.min(limits.headersTimeoutMs, limits.bodyTimeoutMs);
  return {
    requestTimeout: limits.bodyTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    maxRequestsPerSocket: limits.maxRequestsPerSocket,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(shorter / 4))),
    },
  };
}
