import { describe, expect, it } from 'vitest';
import { releaseJobLease, takeJobLease } from '../../src/store/job-leases.ts';
import { useMigratedStore } from '../support/migrated-store.ts';
import { databaseUnavailable } from '../support/test-server.ts';

/** The lease that lets exactly one node run a background job (the task poller): store/job-leases.ts. */
describe.skipIf(databaseUnavailable())('job leases', () => {
  const fresh = useMigratedStore();

  it('is held by one node until it runs out or is given up, then taken over', async () => {
    const take = (holder: string, now: number) => takeJobLease(fresh.store, 'poll', holder, now, now + 10);
    // Two nodes asking at once for a lease nobody holds: exactly one gets it.
    const first = await Promise.all([take('a', 100), take('b', 100)]);
    expect(first.filter(Boolean)).toHaveLength(1);
    const [holder, other] = first[0] ? ['a', 'b'] : ['b', 'a'];
    expect(await take(holder, 105)).toBe(true); // renewed in the same second and after
    expect(await take(holder, 105)).toBe(true);
    expect(await take(other, 114)).toBe(false); // still held: renewed until 115
    expect(await take(other, 116)).toBe(true); // ran out: taken over
    expect(await take(holder, 117)).toBe(false);
    await releaseJobLease(fresh.store, 'poll', other);
    expect(await take(holder, 118)).toBe(true);
    expect(await takeJobLease(fresh.store, 'another job', other, 118, 128)).toBe(true);
  });
});
