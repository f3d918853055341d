/**
 * Waiting in tests: poll a condition, never sleep a fixed time. The deadline only ends a test that
 * would otherwise hang, so it is generous; it reads `performance.now()`, which a test that fakes
 * `Date` (to move the server's clock) does not stop.
 */

const POLL_MS = 20;
const DEFAULT_DEADLINE_MS = 20_000;

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until `done` holds for its value, and answers that value; throws past the deadline. */
export async function waitFor<T>(
  probe: () => T | Promise<T>,
  done: (value: T) => boolean,
  what: string,
  timeoutMs = DEFAULT_DEADLINE_MS,
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (performance.now() > deadline)
      throw new Error(`timed out waiting for ${what}; last value ${JSON.stringify(value)}`);
    await pause(POLL_MS);
  }
}

/** Polls until `condition` holds; throws past the deadline. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = DEFAULT_DEADLINE_MS,
): Promise<void> {
  await waitFor(condition, (held) => held, what, timeoutMs);
}

/** Polls until `condition` holds or the deadline passes; answers whether it held. */
export async function becomes(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = DEFAULT_DEADLINE_MS,
): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) return false;
    await pause(POLL_MS);
  }
  return true;
}
