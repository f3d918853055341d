import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReadinessChecks } from './readiness.ts';

describe('ReadinessChecks', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is ready when every check passes, and says which one fails', async () => {
    const checks = new ReadinessChecks();
    checks.add('database', () => ({ ok: true }));
    checks.add('journal', async () => ({ ok: false, journal_depth: 3 }));
    checks.add('broken', () => {
      throw new Error('no connection');
    });
    expect(await checks.report()).toEqual({
      status: 'not ready',
      checks: {
        database: { ok: true },
        journal: { ok: false, journal_depth: 3 },
        broken: { ok: false, error: 'no connection' },
      },
    });
    const healthy = new ReadinessChecks();
    healthy.add('database', () => ({ ok: true }));
    expect(await healthy.report()).toEqual({ status: 'ready', checks: { database: { ok: true } } });
  });

  it('fails a check that does not answer, without waiting for it', async () => {
    vi.useFakeTimers();
    const checks = new ReadinessChecks();
    checks.add('silent', () => new Promise(() => {}));
    const report = checks.report();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await report).toEqual({
      status: 'not ready',
      checks: { silent: { ok: false, error: 'no answer within 2 s' } },
    });
  });
});
