/**
 * The one place background jobs run: each registered job runs at once and then every interval,
 * never two runs of one job at a time. A leased job runs on one process of the cluster at a time:
 * before each run it takes or renews its lease in job_leases (longer than its interval, so the
 * holder keeps it), renews it while a long run goes on, and another process takes the job over
 * once a dead holder's lease has run out. Each run's outcome is kept: a leased job's on its lease
 * row (every node sees it), a per-node job's in this process.
 */
import type { Store } from '../store/db.ts';
import { recordJobRun, releaseJobLease, takeJobLease } from '../store/job-leases.ts';

/** What a run may ask while it goes on. */
export interface JobContext {
  /** True once the run should stop at its next step: the lease was lost, or the process is stopping. */
  readonly cancelled: boolean;
}

export interface JobDefinition {
  name: string;
  intervalMs: number;
  /** 'leased': one process of the cluster at a time; 'node': every process runs its own. */
  scope: 'leased' | 'node';
  /** The lease's length; by default the scheduler's (JOB_LEASE_SECONDS), else twice the interval (a minute at least). */
  leaseSeconds?: number;
  /** Nothing to do now (its setting is off): the run is skipped without taking the lease. */
  due?: () => boolean;
  /** One run; what it answers goes back to `runNow`'s caller. */
  run(context: JobContext): Promise<unknown>;
  /** Waits for what the runs left going (upstream questions), after the last run. */
  stop?(): Promise<void>;
}

/** A run as this process saw it. */
export interface LocalJobRun {
  /** Unix seconds. */
  startedAt: number;
  durationMs: number;
  outcome: 'ok' | 'error';
  error: string;
}

export interface RegisteredJob {
  name: string;
  intervalMs: number;
  scope: 'leased' | 'node';
  leaseSeconds: number;
  /** This process's last run of it; undefined before one. */
  lastRun?: LocalJobRun;
}

export interface SchedulerDeps {
  store: Store;
  /** This process's name in leases and run records (unique per process). */
  holder: string;
  /** JOB_LEASE_SECONDS: every leased job's lease length, when set. */
  leaseSeconds?: number;
  onError: (job: string, error: unknown) => void;
}

const MIN_LEASE_SECONDS = 60;

interface Entry {
  definition: JobDefinition;
  info: RegisteredJob;
  timer: NodeJS.Timeout;
  /** The run in progress (or the last one), so runs queue instead of overlapping. */
  chain: Promise<unknown>;
  held: boolean;
  stopping: boolean;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class JobScheduler {
  private readonly entries = new Map<string, Entry>();
  /** Jobs whose timed run is under way. */
  private readonly running = new Set<string>();
  private readonly deps: SchedulerDeps;

  constructor(deps: SchedulerDeps) {
    this.deps = deps;
  }

  /** This process's name in leases. */
  get holder(): string {
    return this.deps.holder;
  }

  /** Registers a job and starts it: a first run now, then one every interval. */
  add(definition: JobDefinition): void {
    if (this.entries.has(definition.name)) throw new Error(`job ${definition.name} is registered already`);
    const leaseSeconds =
      definition.leaseSeconds ??
      this.deps.leaseSeconds ??
      Math.max(MIN_LEASE_SECONDS, Math.ceil((2 * definition.intervalMs) / 1000));
    const entry: Entry = {
      definition,
      info: {
        name: definition.name,
        intervalMs: definition.intervalMs,
        scope: definition.scope,
        leaseSeconds,
      },
      timer: setInterval(() => void this.tick(entry), definition.intervalMs),
      chain: Promise.resolve(),
      held: false,
      stopping: false,
    };
    entry.timer.unref();
    this.entries.set(definition.name, entry);
    void this.tick(entry);
  }

  /** The jobs this process runs, with its own last run of each. */
  registered(): RegisteredJob[] {
    return [...this.entries.values()].map((entry) => ({ ...entry.info }));
  }

  /**
   * One run of `name` now, after the one in progress: what the run answered, or undefined when it
   * did not run (another process holds the lease, nothing is due, the job is unknown or stopping).
   */
  runNow(name: string): Promise<unknown> {
    const entry = this.entries.get(name);
    return entry ? this.queue(entry) : Promise.resolve(undefined);
  }

  /** Whether this process holds the lease of `name` now (a per-node job: whether it is registered here). */
  holds(name: string): boolean {
    const entry = this.entries.get(name);
    return entry !== undefined && (entry.definition.scope === 'node' || entry.held);
  }

  /** Stops one job: no new run, the one in progress finished, its lease given up. */
  async remove(name: string): Promise<void> {
    const entry = this.entries.get(name);
    if (!entry) return;
    this.entries.delete(name);
    await this.stopEntry(entry);
  }

  /** Stops every job (at shutdown), so the store can be closed after it. */
  async stop(): Promise<void> {
    const entries = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(entries.map((entry) => this.stopEntry(entry)));
  }

  private async stopEntry(entry: Entry): Promise<void> {
    entry.stopping = true;
    clearInterval(entry.timer);
    await entry.chain.catch(() => undefined);
    await entry.definition.stop?.();
    if (entry.held) {
      entry.held = false;
      await releaseJobLease(this.deps.store, entry.definition.name, this.deps.holder).catch(() => {});
    }
  }

  /** A timed run: skipped while one is in progress (the next interval catches up). */
  private async tick(entry: Entry): Promise<void> {
    const { name } = entry.definition;
    if (this.running.has(name)) return;
    this.running.add(name);
    try {
      await this.queue(entry).catch(() => undefined);
    } finally {
      this.running.delete(name);
    }
  }

  private queue(entry: Entry): Promise<unknown> {
    const next = entry.chain.then(
      () => this.runOnce(entry),
      () => this.runOnce(entry),
    );
    entry.chain = next.catch(() => undefined);
    return next;
  }

  private async runOnce(entry: Entry): Promise<unknown> {
    const { definition } = entry;
    if (entry.stopping || (definition.due && !definition.due())) return undefined;
    const leased = definition.scope === 'leased';
    try {
      if (leased && !(await this.takeLease(entry))) return undefined;
    } catch (error) {
      this.deps.onError(definition.name, error);
      return undefined;
    }
    const context = { cancelled: false };
    const stopRenewing = leased ? this.keepRenewing(entry, context) : undefined;
    const started = Date.now();
    let outcome: LocalJobRun['outcome'] = 'ok';
    let error = '';
    let result: unknown;
    try {
      result = await definition.run({
        get cancelled() {
          return context.cancelled || entry.stopping;
        },
      });
    } catch (failure) {
      outcome = 'error';
      error = errorText(failure);
      this.deps.onError(definition.name, failure);
    } finally {
      await stopRenewing?.();
    }
    const run: LocalJobRun = {
      startedAt: Math.floor(started / 1000),
      durationMs: Date.now() - started,
      outcome,
      error,
    };
    entry.info.lastRun = run;
    if (leased)
      await recordJobRun(this.deps.store, definition.name, {
        ...run,
        node: this.deps.holder,
        intervalMs: definition.intervalMs,
      }).catch((failure: unknown) => this.deps.onError(definition.name, failure));
    return result;
  }

  private async takeLease(entry: Entry): Promise<boolean> {
    const now = nowSeconds();
    entry.held = await takeJobLease(
      this.deps.store,
      entry.definition.name,
      this.deps.holder,
      now,
      now + entry.info.leaseSeconds,
    );
    return entry.held;
  }

  /**
   * Renews the lease a few times per lease length while a run goes on; a lost lease cancels the
   * run. The answer stops the renewals and waits for one in flight (so a release comes after it).
   */
  private keepRenewing(entry: Entry, context: { cancelled: boolean }): () => Promise<void> {
    let inFlight: Promise<void> = Promise.resolve();
    const timer = setInterval(
      () => {
        inFlight = this.takeLease(entry).then(
          (held) => {
            if (!held) context.cancelled = true;
          },
          // The database away: the lease may run out, and the next renewal tells.
          () => undefined,
        );
      },
      Math.max(100, (entry.info.leaseSeconds * 1000) / 3),
    );
    timer.unref();
    return () => {
      clearInterval(timer);
      return inFlight;
    };
  }
}
