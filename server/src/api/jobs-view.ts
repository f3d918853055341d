/** What GET /api/jobs answers: the leased jobs as their rows say, and this node's own jobs. */
import type { BackgroundJobState, JobLastRun } from '@relaygate/contract';
import type { RegisteredJob } from '../jobs/scheduler.ts';
import type { listJobLeases } from '../store/job-leases.ts';

type LeaseRow = Awaited<ReturnType<typeof listJobLeases>>[number];

function rowRun(row: LeaseRow): JobLastRun | null {
  if (row.last_outcome !== 'ok' && row.last_outcome !== 'error') return null;
  return {
    started_at: row.last_started_at,
    duration_ms: row.last_duration_ms,
    outcome: row.last_outcome,
    error: row.last_error,
    node: row.last_node,
  };
}

function leasedState(row: LeaseRow, local: RegisteredJob | undefined): BackgroundJobState {
  return {
    name: row.name,
    interval_ms: local?.intervalMs ?? row.interval_ms,
    scope: 'leased',
    on_this_node: local !== undefined,
    holder: row.holder,
    lease_expires_at: row.expires_at,
    last_run: rowRun(row),
  };
}

function localState(job: RegisteredJob, node: string): BackgroundJobState {
  const run = job.lastRun;
  return {
    name: job.name,
    interval_ms: job.intervalMs,
    scope: job.scope,
    on_this_node: true,
    holder: job.scope === 'node' ? node : '',
    lease_expires_at: 0,
    last_run: run
      ? {
          started_at: run.startedAt,
          duration_ms: run.durationMs,
          outcome: run.outcome,
          error: run.error,
          node,
        }
      : null,
  };
}

/**
 * Every job by name: a leased one from its row (what every node sees), or from this node's
 * registry while it has no row yet (it never ran anywhere); a per-node one from this node.
 */
export function jobStates(rows: LeaseRow[], registered: RegisteredJob[], node: string): BackgroundJobState[] {
  const local = new Map(registered.map((job) => [job.name, job]));
  const states = rows.map((row) => leasedState(row, local.get(row.name)));
  const seen = new Set(rows.map((row) => row.name));
  for (const job of registered) if (!seen.has(job.name)) states.push(localState(job, node));
  return states.sort((a, b) => a.name.localeCompare(b.name));
}
