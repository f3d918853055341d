import type { BackgroundJobState } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { jobRows } from './job-rows.ts';

const NOW = 1_000_000;
const job = (overrides: Partial<BackgroundJobState>): BackgroundJobState => ({
  name: 'retention',
  interval_ms: 3_600_000,
  scope: 'leased',
  on_this_node: true,
  holder: 'a:0:1',
  lease_expires_at: NOW + 60,
  last_run: { started_at: NOW - 5, duration_ms: 1234, outcome: 'ok', error: '', node: 'a:0:1' },
  ...overrides,
});
const rows = (jobs: BackgroundJobState[]) => jobRows({ node: 'a:0:1', now: NOW, jobs });

describe('jobRows', () => {
  it('tells a job held here from one held by another node, and shows its last run', () => {
    expect(rows([job({}), job({ name: 'task-poll', holder: 'b:0:2', interval_ms: 15_000 })])).toEqual([
      {
        name: 'retention',
        intervalSeconds: 3600,
        place: 'here',
        holder: 'a:0:1',
        leaseUntil: NOW + 60,
        outcome: 'ok',
        startedAt: NOW - 5,
        durationMs: 1234,
        error: '',
        ranOn: 'a:0:1',
      },
      expect.objectContaining({
        name: 'task-poll',
        intervalSeconds: 15,
        place: 'elsewhere',
        holder: 'b:0:2',
      }),
    ]);
  });

  it('reads a lease that ran out (a node died or stopped) as free, and a job never run as never', () => {
    const [expired, never] = rows([
      job({ lease_expires_at: NOW - 1 }),
      job({ name: 'balance-refresh', holder: '', lease_expires_at: 0, last_run: null, interval_ms: 300 }),
    ]);
    expect(expired).toMatchObject({ place: 'free', holder: '', leaseUntil: 0, outcome: 'ok' });
    expect(never).toMatchObject({
      place: 'free',
      outcome: 'never',
      startedAt: 0,
      ranOn: '',
      intervalSeconds: 0.3,
    });
  });

  it("marks a per-node job as every node's own, with its error", () => {
    const [sweep] = rows([
      job({
        name: 'session-sweep',
        scope: 'node',
        lease_expires_at: 0,
        last_run: {
          started_at: NOW,
          duration_ms: 3,
          outcome: 'error',
          error: 'database away',
          node: 'a:0:1',
        },
      }),
    ]);
    expect(sweep).toMatchObject({ place: 'every', outcome: 'error', error: 'database away' });
  });
});
