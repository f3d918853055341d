import { describe, expect, it } from 'vitest';
import { DatabaseAwayError, DatabaseHealth } from './database-health.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** A probe the test answers: each call waits for the test to say how it went. */
function controlledProbe() {
  const calls: Array<(ok: boolean) => void> = [];
  const probe = () =>
    new Promise((resolve, reject) => calls.push((ok) => (ok ? resolve(1) : reject(refused))));
  const answer = async (ok: boolean) => {
    while (calls.length === 0) await new Promise((resolve) => setImmediate(resolve));
    calls.shift()!(ok);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { probe, answer, pending: () => calls.length };
}

describe('DatabaseHealth', () => {
  it('stays up when the probe after a failed query answers: one broken connection is not an outage', async () => {
    const { probe, answer } = controlledProbe();
    const health = new DatabaseHealth(probe);
    health.report(refused);
    await answer(true);
    expect(health.isAway).toBe(false);
    expect(() => health.check()).not.toThrow();
    health.close();
  });

  it('is away once the probe fails too: queries are refused at once, as an unavailable database', async () => {
    const { probe, answer } = controlledProbe();
    const health = new DatabaseHealth(probe);
    health.report(refused);
    await answer(false);
    expect(health.isAway).toBe(true);
    let error: unknown;
    try {
      health.check();
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DatabaseAwayError);
    expect(isDatabaseUnavailable(error)).toBe(true);
    // Probed again until it answers.
    await answer(false);
    expect(health.isAway).toBe(true);
    await answer(true);
    expect(health.isAway).toBe(false);
    health.close();
  });

  it('ignores a query the database refused (a constraint, a syntax error): that is no outage', () => {
    const { probe, pending } = controlledProbe();
    const health = new DatabaseHealth(probe);
    health.report(Object.assign(new Error('duplicate key'), { code: '23505' }));
    expect(pending()).toBe(0);
    expect(health.isAway).toBe(false);
    health.close();
  });
});
