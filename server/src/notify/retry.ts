/** Pauses between attempts of a failed delivery: 3 attempts in all. */
export const DELIVERY_BACKOFF_MS = [1_000, 4_000];

const pause = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/**
 * Runs `attempt` until it succeeds, pausing `backoffMs[i]` after failure i; after the last
 * failure the error is thrown. Each failure is reported to `onFailure` with its attempt number.
 */
export async function withRetries(
  attempt: () => Promise<void>,
  backoffMs: readonly number[],
  onFailure: (error: unknown, attemptNumber: number) => void,
  /** Failures no retry can mend (an address the guard refuses): thrown at once. */
  permanent: (error: unknown) => boolean = () => false,
): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      await attempt();
      return;
    } catch (error) {
      onFailure(error, i + 1);
      if (i >= backoffMs.length || permanent(error)) throw error;
      await pause(backoffMs[i]!);
    }
  }
}
