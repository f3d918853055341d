/** The background jobs root sees (GET /api/jobs): where each runs and how its last run went. */

/** 'leased': one node of the cluster at a time; 'node': every node runs its own. */
export type JobScope = 'leased' | 'node';

export interface JobLastRun {
  /** Unix seconds. */
  started_at: number;
  duration_ms: number;
  outcome: 'ok' | 'error';
  /** The error's first words; empty when it went well. */
  error: string;
  /** The process that ran it. */
  node: string;
}

export interface BackgroundJobState {
  name: string;
  /** Milliseconds between two runs. */
  interval_ms: number;
  scope: JobScope;
  /** Whether the node that answered runs it (a leased job may be registered on other nodes only). */
  on_this_node: boolean;
  /** A leased job's current holder ('' when nobody holds it); a per-node job's: the node that answered. */
  holder: string;
  /** Unix seconds; 0: not held (or a per-node job). */
  lease_expires_at: number;
  /** null: it has not run yet (as far as this answer knows). */
  last_run: JobLastRun | null;
}

export interface BackgroundJobs {
  /** The process that answered, as it names itself in leases. */
  node: string;
  /** The answer's clock (unix seconds), to tell a lease that ran out. */
  now: number;
  jobs: BackgroundJobState[];
}
