import type { FastifyServerOptions } from 'fastify';
import type { HttpTimeouts } from './config.ts';

const MAX_CHECKING_INTERVAL_MS = 1_000;

/**
 * The HTTP server's limits on clients, so a slow client cannot hold a socket: headers and the
 * whole body must arrive in time (Node answers 408 and closes the connection otherwise), idle
 * keep-alive connections close, and one connection carries a bounded number of requests. Node
 * checks the first two every connectionsCheckingInterval: a quarter of the shorter limit, at most
 * a second, so a limit is enforced within a second of its value (Node's own default checks every
 * 30 s: a 60 s body limit cut anywhere from 60 to 90 s). Answers (streams included) have their own
 * upstream timeouts and are not cut.
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
      connectionsCheckingInterval: Math.min(MAX_CHECKING_INTERVAL_MS, Math.max(100, Math.floor(shorter / 4))),
    },
  };
}
