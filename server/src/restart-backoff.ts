export interface BackoffOptions {
  /** The wait before the first restart. */
  initialMs: number;
  /** The wait never grows past this. */
  maxMs: number;
  /** A worker that lived this long was healthy: the next restart starts from initialMs again. */
  healthyAfterMs: number;
}

export const WORKER_RESTART_BACKOFF: BackoffOptions = {
  initialMs: 100,
  maxMs: 10_000,
  healthyAfterMs: 30_000,
};

/**
 * How long to wait before replacing a worker that died: doubling from initialMs to maxMs while
 * workers keep dying young (a database that is down, a bad deployment), so the primary never
 * forks in a tight loop; back to initialMs once a worker had lived long enough to count as healthy.
 */
export class RestartBackoff {
  private nextMs: number;
  private readonly options: BackoffOptions;

  constructor(options: BackoffOptions = WORKER_RESTART_BACKOFF) {
    this.options = options;
    this.nextMs = options.initialMs;
  }

  /** The wait before restarting a worker that died after living `livedMs`. */
  delayAfter(livedMs: number): number {
    if (livedMs >= this.options.healthyAfterMs) this.nextMs = this.options.initialMs;
    const delay = this.nextMs;
    this.nextMs = Math.min(this.nextMs * 2, this.options.maxMs);
    return delay;
  }
}
