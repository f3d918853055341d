import { LogType } from '@relaygate/contract';
import type { ChangeBus } from '../cache/change-bus.ts';
import { addQuotaData, type QuotaDataDelta } from '../store/quota-data.ts';
import type { Store } from '../store/db.ts';
import type { BatchResult, Settlement } from '../store/settle-batch.ts';
import { nowSeconds } from '../store/users.ts';

const hourOf = (seconds: number) => seconds - (seconds % 3600);

/**
 * The dashboard's roll-up for this process: every committed settlement batch adds its consumption
 * (calls, quota, tokens per user, model and hour) to counters in memory, and a flush adds those
 * counters to `quota_data` with one atomic upsert-add. Each process flushes only what it counted
 * itself, so several workers and nodes never count a call twice; a crash loses at most what was
 * counted since the last flush. A flush the database refuses keeps its counts for the next one.
 *
 * The dashboard need not wait for the timed flush: opening it flushes the answering process at
 * once and asks every other one (the change bus) to flush too, so a call made a moment ago shows.
 */
export class QuotaDataRollup {
  private pending = new Map<string, QuotaDataDelta>();
  private chain: Promise<void> = Promise.resolve();
  private readonly store: Store;
  /** DataExportEnabled: calls settled while it is off are not counted. */
  private readonly enabled: () => boolean;
  private readonly bus: ChangeBus | undefined;
  /** When the others were last asked to flush (ms): at most once a second, however many readers. */
  private askedOthersAt = 0;

  constructor(store: Store, enabled: () => boolean, bus?: ChangeBus) {
    this.store = store;
    this.enabled = enabled;
    this.bus = bus;
  }

  /**
   * Before the dashboard is read: asks the other processes to flush (they do in the background) and
   * flushes this one. A flush the database refuses is left to the next (its counts are kept).
   */
  async freshen(): Promise<void> {
    const now = Date.now();
    if (now - this.askedOthersAt >= 1000) {
      this.askedOthersAt = now;
      this.bus?.publish({ kind: 'dashboard' });
    }
    await this.flush().catch(() => undefined);
  }

  /** Counts a committed batch: the settlements it applied that wrote a consumption log row. */
  settled(result: BatchResult, batch: Settlement[]): void {
    if (!this.enabled()) return;
    const now = nowSeconds();
    batch.forEach((settlement, i) => {
      const log = settlement.log;
      if (!result.applied[i] || settlement.refund || !log || log.type !== LogType.Consume) return;
      this.add({
        userId: log.user_id,
        username: log.username ?? '',
        modelName: log.model_name ?? '',
        hour: hourOf(log.created_at ?? now),
        count: 1,
        quota: result.charged[i] ?? 0,
        tokens: (log.prompt_tokens ?? 0) + (log.completion_tokens ?? 0),
      });
    });
  }

  /** Writes what was counted so far; one flush at a time, in order. */
  flush(): Promise<void> {
    const next = this.chain.then(() => this.writePending());
    this.chain = next.catch(() => {});
    return next;
  }

  private add(delta: QuotaDataDelta): void {
    const key = `${delta.userId}\u0000${delta.modelName}\u0000${delta.hour}`;
    const counted = this.pending.get(key);
    if (!counted) {
      this.pending.set(key, { ...delta });
      return;
    }
    counted.username = delta.username;
    counted.count += delta.count;
    counted.quota += delta.quota;
    counted.tokens += delta.tokens;
  }

  private async writePending(): Promise<void> {
    if (this.pending.size === 0) return;
    const taken = this.pending;
    this.pending = new Map();
    try {
      await addQuotaData(this.store, [...taken.values()]);
    } catch (error) {
      // Nothing of it was written (one transaction): count it again with what came meanwhile.
      for (const delta of taken.values()) this.add(delta);
      throw error;
    }
  }
}

export interface QuotaDataFlusher {
  /** Reads DataExportInterval anew (after it changed): the next flush is due that long after the last one. */
  reschedule(): void;
  /** Stops the timer and flushes what is left (at shutdown). */
  stop(): Promise<void>;
}

/**
 * Flushes the roll-up every DataExportInterval minutes and once more at stop. A changed interval
 * takes effect at once through `reschedule`: shortened below the time already waited, the flush
 * runs now.
 */
export function startQuotaDataFlush(
  rollup: Pick<QuotaDataRollup, 'flush'>,
  intervalMinutes: () => number,
  onError: (error: unknown) => void,
): QuotaDataFlusher {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let flushing = false;
  let lastFlush = Date.now();
  const schedule = () => {
    clearTimeout(timer);
    if (stopped || flushing) return;
    const due = lastFlush + Math.max(1, intervalMinutes()) * 60_000;
    timer = setTimeout(run, Math.max(0, due - Date.now()));
    timer.unref();
  };
  const run = () => {
    flushing = true;
    lastFlush = Date.now();
    void rollup
      .flush()
      .catch(onError)
      .finally(() => {
        flushing = false;
        schedule();
      });
  };
  schedule();
  return {
    reschedule: schedule,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await rollup.flush();
    },
  };
}
