import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startQuotaDataFlush, type QuotaDataFlusher } from './quota-data.ts';

const MINUTE = 60_000;

describe('startQuotaDataFlush', () => {
  let interval: number;
  let flush: ReturnType<typeof vi.fn<() => Promise<void>>>;
  let flusher: QuotaDataFlusher;

  beforeEach(() => {
    vi.useFakeTimers();
    interval = 5;
    flush = vi.fn(async () => {});
    flusher = startQuotaDataFlush(
      { flush },
      () => interval,
      () => {},
    );
  });
  afterEach(async () => {
    await flusher.stop();
    vi.useRealTimers();
  });

  it('flushes every DataExportInterval minutes', async () => {
    await vi.advanceTimersByTimeAsync(5 * MINUTE - 1);
    expect(flush).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(flush).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(flush).toHaveBeenCalledTimes(2);
  });

  it('follows a shorter interval at once: counted from the last flush, so a long wait flushes now', async () => {
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    interval = 1;
    flusher.reschedule();
    await vi.advanceTimersByTimeAsync(0);
    expect(flush).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(flush).toHaveBeenCalledTimes(2);
  });

  it('follows a shorter interval from the last flush when less has passed', async () => {
    await vi.advanceTimersByTimeAsync(30_000);
    interval = 1;
    flusher.reschedule();
    await vi.advanceTimersByTimeAsync(30_000 - 1);
    expect(flush).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(flush).toHaveBeenCalledTimes(1);
  });

  it('waits longer after the interval grows, and flushes what is left when stopped', async () => {
    interval = 10;
    flusher.reschedule();
    await vi.advanceTimersByTimeAsync(10 * MINUTE - 1);
    expect(flush).not.toHaveBeenCalled();
    await flusher.stop();
    expect(flush).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(20 * MINUTE);
    expect(flush).toHaveBeenCalledTimes(1);
  });
});
