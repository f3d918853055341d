import { isDatabaseUnavailable } from './unavailable.ts';

/** How long one probe of the database may take, and how often an away database is probed again. */
const PROBE_TIMEOUT_MS = 2_000;
const PROBE_EVERY_MS = 1_000;

/** Refused at once, without touching the network: the database is known to be away. */
export class DatabaseAwayError extends Error {
  readonly code = 'DATABASE_AWAY';
  constructor() {
    super('the database is away (its last probe failed); refused without waiting for it');
  }
}

/**
 * Whether the database answers, as the pool knows it. A query that fails because the database is
 * unreachable or silent starts a probe (a trivial query of its own, 2 s at most); if the probe fails
 * too, the database is away: every query is refused at once with DatabaseAwayError (answered 503 like
 * any unavailable database) instead of each waiting out its own timeout, and it is probed every
 * second until it answers. One failed connection of a database that is fine only costs a probe.
 */
/** The pool's connections now: in use, idle, and callers waiting for one. */
export interface PoolUse {
  used: number;
  idle: number;
  waiting: number;
}

export class DatabaseHealth {
  /** Failed queries and connection attempts since the start (the metrics read it). */
  errors = 0;
  /** How the pool is used now; set by the dialect that owns the pool. */
  poolUse: () => PoolUse = () => ({ used: 0, idle: 0, waiting: 0 });
  private away = false;
  private probing = false;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly probe: () => Promise<unknown>;

  constructor(probe: () => Promise<unknown>) {
    this.probe = probe;
  }

  get isAway(): boolean {
    return this.away;
  }

  /** Throws DatabaseAwayError while the database is away. */
  check(): void {
    if (this.away) throw new DatabaseAwayError();
  }

  /** Every failed query goes through here; one that means an unreachable database starts a probe. */
  report(error: unknown): void {
    this.errors++;
    if (error instanceof DatabaseAwayError || !isDatabaseUnavailable(error)) return;
    void this.runProbe();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
  }

  private async runProbe(): Promise<void> {
    if (this.probing || this.closed) return;
    this.probing = true;
    let timeout: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.probe(),
        new Promise((_, reject) => {
          timeout = setTimeout(() => reject(new Error('database probe timed out')), PROBE_TIMEOUT_MS);
        }),
      ]);
      this.away = false;
    } catch {
      this.away = true;
      this.timer = setTimeout(() => void this.runProbe(), PROBE_EVERY_MS);
      this.timer.unref();
    } finally {
      clearTimeout(timeout);
      this.probing = false;
    }
  }
}
