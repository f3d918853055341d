/**
 * The checks behind /readyz: each part of the process that can make it unfit to serve (the
 * database, Redis, the change bus, the settlement journal) registers one, and /readyz runs them all.
 * Lower layers declare what they check; the relay adds its own without the api importing it.
 */

/** One check's answer: `ok`, plus whatever explains it (never a secret). */
export interface CheckResult {
  ok: boolean;
  [detail: string]: unknown;
}

export type ReadinessCheck = () => CheckResult | Promise<CheckResult>;

export interface ReadinessReport {
  status: 'ready' | 'not ready';
  checks: Record<string, CheckResult>;
}

/** A check not answered within this is failed (a silent database must not hold a probe). */
const CHECK_TIMEOUT_MS = 2_000;

async function runCheck(check: ReadinessCheck): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, error: 'no answer within 2 s' }), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([Promise.resolve().then(check), timeout]);
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

export class ReadinessChecks {
  private readonly checks = new Map<string, ReadinessCheck>();

  /** Adds (or replaces) the check called `name`. */
  add(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  /** Runs every check at once; ready when all pass. */
  async report(): Promise<ReadinessReport> {
    const names = [...this.checks.keys()];
    const results = await Promise.all([...this.checks.values()].map(runCheck));
    const checks = Object.fromEntries(names.map((name, i) => [name, results[i]!]));
    return { status: results.every((r) => r.ok) ? 'ready' : 'not ready', checks };
  }
}
