import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Store } from '../store/db.ts';
import type { JobRunRecord } from '../store/job-leases.ts';
import { JobScheduler, type JobDefinition } from './scheduler.ts';

/** The lease table in memory, with the store's rule: free, ours already, or run out. */
const table = vi.hoisted(() => ({
  leases: new Map<string, { holder: string; expiresAt: number }>(),
  runs: [] as Array<{ name: string } & JobRunRecord>,
}));

vi.mock('../store/job-leases.ts', () => ({
  takeJobLease: async (_store: unknown, name: string, holder: string, now: number, expiresAt: number) => {
    const lease = table.leases.get(name);
    if (lease && lease.holder !== holder && lease.expiresAt >= now) return false;
    table.leases.set(name, { holder, expiresAt });
    return true;
  },
  releaseJobLease: async (_store: unknown, name: string, holder: string) => {
    const lease = table.leases.get(name);
    if (lease?.holder === holder) lease.expiresAt = 0;
  },
  recordJobRun: async (_store: unknown, name: string, run: JobRunRecord) => {
    table.runs.push({ name, ...run });
  },
}));

const store = {} as Store;
const SECOND = 1000;
/** Every held run not ended yet, so a test's end can let them all go. */
const unended: Array<() => void> = [];

/** A job whose runs the test ends: each run waits until `finish()`. */
function heldJob(overrides: Partial<JobDefinition> = {}) {
  const ends: Array<() => void> = [];
  let starts = 0;
  let running = 0;
  let overlapped = false;
  const job: JobDefinition = {
    name: 'held',
    intervalMs: 10 * SECOND,
    scope: 'node',
    run: async () => {
      running += 1;
      starts += 1;
      if (running > 1) overlapped = true;
      await new Promise<void>((resolve) => {
        ends.push(resolve);
        unended.push(resolve);
      });
      running -= 1;
    },
    ...overrides,
  };
  return {
    job,
    started: () => starts,
    finish: async () => {
      ends.shift()?.();
      await vi.advanceTimersByTimeAsync(0);
    },
    overlapped: () => overlapped,
  };
}

describe('JobScheduler', () => {
  const errors: unknown[] = [];
  const schedulers: JobScheduler[] = [];
  const scheduler = (holder: string, leaseSeconds?: number) => {
    const made = new JobScheduler({
      store,
      holder,
      leaseSeconds,
      onError: (_job, error) => errors.push(error),
    });
    schedulers.push(made);
    return made;
  };

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    table.leases.clear();
    table.runs.length = 0;
    errors.length = 0;
  });
  afterEach(async () => {
    let stopped = false;
    const stopping = Promise.all(schedulers.splice(0).map((made) => made.stop())).then(
      () => (stopped = true),
    );
    while (!stopped) {
      for (const end of unended.splice(0)) end();
      await vi.advanceTimersByTimeAsync(SECOND);
    }
    await stopping;
    vi.useRealTimers();
  });

  it('runs a job at once and then every interval, never two runs at a time', async () => {
    const { job, started, finish, overlapped } = heldJob();
    scheduler('a').add(job);
    await vi.advanceTimersByTimeAsync(0);
    expect(started()).toBe(1);
    // The first run goes on past two intervals: no second run starts meanwhile.
    await vi.advanceTimersByTimeAsync(25 * SECOND);
    expect(started()).toBe(1);
    await finish();
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    expect(started()).toBe(2);
    await finish();
    expect(overlapped()).toBe(false);
  });

  it('says which process holds a leased job, and that a per-node job is held wherever it is registered', async () => {
    const leased = (): JobDefinition => ({
      name: 'leased',
      intervalMs: 10 * SECOND,
      scope: 'leased',
      run: async () => {},
    });
    const [a, b] = [scheduler('a'), scheduler('b')];
    a.add(leased());
    await vi.advanceTimersByTimeAsync(0);
    b.add(leased());
    await vi.advanceTimersByTimeAsync(0);
    expect([a.holds('leased'), b.holds('leased'), a.holds('unknown')]).toEqual([true, false, false]);
    b.add({ name: 'everywhere', intervalMs: 10 * SECOND, scope: 'node', run: async () => {} });
    expect(b.holds('everywhere')).toBe(true);
  });

  it('runs a leased job on one holder only, and on another once the holder stopped renewing', async () => {
    let aliveA = true;
    const runs: string[] = [];
    const job = (holder: string, due: () => boolean = () => true): JobDefinition => ({
      name: 'leased',
      intervalMs: 10 * SECOND,
      scope: 'leased',
      due,
      run: async () => void runs.push(holder),
    });
    scheduler('a').add(job('a', () => aliveA));
    await vi.advanceTimersByTimeAsync(0);
    scheduler('b').add(job('b'));
    await vi.advanceTimersByTimeAsync(50 * SECOND);
    expect(runs.length).toBeGreaterThan(3);
    expect(new Set(runs)).toEqual(new Set(['a']));
    expect(table.leases.get('leased')?.holder).toBe('a');

    // a stops renewing (as if it died); its lease (a minute: twice the interval at least) runs out.
    aliveA = false;
    runs.length = 0;
    await vi.advanceTimersByTimeAsync(50 * SECOND);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(30 * SECOND);
    expect(runs.length).toBeGreaterThan(0);
    expect(new Set(runs)).toEqual(new Set(['b']));
    expect(table.leases.get('leased')?.holder).toBe('b');
  });

  it('records each leased run: when, how long, the outcome, the error and the node', async () => {
    let fail = false;
    const made = scheduler('node-1');
    made.add({
      name: 'flaky',
      intervalMs: 10 * SECOND,
      scope: 'leased',
      run: async () => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        if (fail) throw new Error('upstream away');
      },
    });
    await vi.advanceTimersByTimeAsync(2 * SECOND);
    fail = true;
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    expect(table.runs).toEqual([
      {
        name: 'flaky',
        node: 'node-1',
        intervalMs: 10_000,
        startedAt: 0,
        durationMs: 1500,
        outcome: 'ok',
        error: '',
      },
      {
        name: 'flaky',
        node: 'node-1',
        intervalMs: 10_000,
        startedAt: 10,
        durationMs: 1500,
        outcome: 'error',
        error: 'upstream away',
      },
    ]);
    expect(errors).toEqual([new Error('upstream away')]);
    expect(made.registered()[0]).toMatchObject({
      name: 'flaky',
      scope: 'leased',
      lastRun: { outcome: 'error' },
    });
  });

  it('renews the lease during a long run, and cancels the run once the lease is lost', async () => {
    const seen: boolean[] = [];
    scheduler('a', 6).add({
      name: 'long',
      intervalMs: 5 * SECOND,
      scope: 'leased',
      run: async (context) => {
        for (let step = 0; step < 10 && !context.cancelled; step += 1) {
          seen.push(context.cancelled);
          await new Promise((resolve) => setTimeout(resolve, SECOND));
        }
        seen.push(context.cancelled);
      },
    });
    await vi.advanceTimersByTimeAsync(4 * SECOND);
    // Renewed every lease/3 seconds: at 4 s it runs until 10 s at least.
    expect(table.leases.get('long')?.expiresAt).toBeGreaterThanOrEqual(10);
    // Another node takes the job over (the lease ran out while this one was away, say).
    table.leases.set('long', { holder: 'b', expiresAt: 1_000 });
    await vi.advanceTimersByTimeAsync(3 * SECOND);
    expect(seen.at(-1)).toBe(true);
    expect(seen.length).toBeLessThan(10);
  });

  it('answers runNow with the run, or nothing when another node holds the lease or nothing is due', async () => {
    let due = true;
    const made = scheduler('a');
    made.add({
      name: 'answer',
      intervalMs: 60 * SECOND,
      scope: 'leased',
      due: () => due,
      run: async () => 42,
    });
    expect(await made.runNow('answer')).toBe(42);
    due = false;
    expect(await made.runNow('answer')).toBeUndefined();
    due = true;
    table.leases.set('answer', { holder: 'b', expiresAt: 1_000_000 });
    expect(await made.runNow('answer')).toBeUndefined();
    expect(await made.runNow('unknown')).toBeUndefined();
  });

  it('waits for the run in progress when stopped, then gives the lease up', async () => {
    const { job, started, finish } = heldJob({ scope: 'leased' });
    let left = false;
    const made = scheduler('a');
    made.add({ ...job, stop: async () => void (left = true) });
    await vi.advanceTimersByTimeAsync(0);
    expect(started()).toBe(1);
    let stopped = false;
    const stopping = made.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    expect(table.leases.get('held')?.expiresAt).toBeGreaterThan(0);
    await finish();
    await stopping;
    expect(left).toBe(true);
    expect(table.leases.get('held')).toEqual({ holder: 'a', expiresAt: 0 });
    // Stopped: no run any more.
    await vi.advanceTimersByTimeAsync(60 * SECOND);
    expect(started()).toBe(1);
  });
});
