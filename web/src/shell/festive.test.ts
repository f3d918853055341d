import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { celebrate, isFestiveDay } from './festive.ts';

describe('isFestiveDay', () => {
  it('is 1 January only, in local time, any year', () => {
    expect(isFestiveDay(new Date(2026, 0, 1, 0, 0))).toBe(true);
    expect(isFestiveDay(new Date(2031, 0, 1, 23, 59))).toBe(true);
    expect(isFestiveDay(new Date(2025, 11, 31, 23, 59))).toBe(false);
    expect(isFestiveDay(new Date(2026, 0, 2))).toBe(false);
    expect(isFestiveDay(new Date(2026, 1, 1))).toBe(false);
  });
});

describe('celebrate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts the effect at once, stops it after 3 s and reloads 10 s later', () => {
    const stop = vi.fn();
    const start = vi.fn(() => stop);
    const reload = vi.fn();
    celebrate(start, reload);
    expect(start).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(2999);
    expect(stop).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(stop).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(9999);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledOnce();
  });
});
