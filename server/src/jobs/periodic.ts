/** A task run now and then every interval, in the background. */
export interface PeriodicJob {
  /** Stops the timer and waits for a run in progress, so the store can be closed after it. */
  stop(): Promise<void>;
}

/**
 * Runs `task` at once and then every `intervalMs`, never two runs at a time. The timer is unref'd,
 * so it never keeps the process alive; a failed run goes to `onError` and the next run goes ahead.
 */
export function startPeriodic(
  task: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
): PeriodicJob {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= task()
      .then(
        () => undefined,
        (error: unknown) => onError(error),
      )
      .finally(() => (running = undefined));
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
