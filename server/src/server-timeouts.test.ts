import { describe, expect, it } from 'vitest';
import { serverTimeouts } from './server-timeouts.ts';

describe('serverTimeouts', () => {
  const limits = (headersTimeoutMs: number, bodyTimeoutMs: number) => ({
    headersTimeoutMs,
    bodyTimeoutMs,
    keepAliveTimeoutMs: 72_000,
    maxRequestsPerSocket: 0,
  });

  it('checks the limits at least every second, so the default 60 s body limit cuts within a second of 60 s', () => {
    const options = serverTimeouts(limits(30_000, 60_000));
    expect(options.requestTimeout).toBe(60_000);
    expect(options.http.headersTimeout).toBe(30_000);
    expect(options.http.connectionsCheckingInterval).toBe(1_000);
  });

  it('checks short limits more often: a quarter of the shorter, never below 100 ms', () => {
    expect(serverTimeouts(limits(1_000, 2_000)).http.connectionsCheckingInterval).toBe(250);
    expect(serverTimeouts(limits(200, 300)).http.connectionsCheckingInterval).toBe(100);
  });
});
