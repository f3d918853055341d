import { describe, expect, it } from 'vitest';
import { RestartBackoff } from './restart-backoff.ts';

describe('RestartBackoff', () => {
  it('doubles from 100 ms up to 10 s while workers keep dying young', () => {
    const backoff = new RestartBackoff();
    const delays = Array.from({ length: 10 }, () => backoff.delayAfter(50));
    expect(delays).toEqual([100, 200, 400, 800, 1600, 3200, 6400, 10_000, 10_000, 10_000]);
  });

  it('starts again from 100 ms after a worker that lived long enough to be healthy', () => {
    const backoff = new RestartBackoff();
    for (let i = 0; i < 6; i++) backoff.delayAfter(10);
    expect(backoff.delayAfter(10)).toBe(6400);
    expect(backoff.delayAfter(60_000)).toBe(100);
    expect(backoff.delayAfter(10)).toBe(200);
  });

  it('follows the options it is given', () => {
    const backoff = new RestartBackoff({ initialMs: 1000, maxMs: 3000, healthyAfterMs: 5000 });
    expect([1, 2, 3, 4].map(() => backoff.delayAfter(0))).toEqual([1000, 2000, 3000, 3000]);
    expect(backoff.delayAfter(5000)).toBe(1000);
  });
});
