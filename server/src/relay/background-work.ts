/** Work that finishes after the response (settlement, logs), awaited at shutdown so none is lost. */
export class BackgroundWork {
  private pending = new Set<Promise<unknown>>();
  private readonly onError: (error: unknown) => void;

  constructor(onError: (error: unknown) => void) {
    this.onError = onError;
  }

  run(task: () => Promise<unknown>): void {
    const promise = task().catch(this.onError);
    this.pending.add(promise);
    void promise.finally(() => this.pending.delete(promise));
  }

  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
