/** How often a per-key budget starts again. '' : no budget. */
export type BudgetPeriod = '' | 'daily' | 'weekly' | 'monthly';

export const BUDGET_PERIODS: readonly BudgetPeriod[] = ['', 'daily', 'weekly', 'monthly'];

/** A window of time: counters in it are named by `id` and forgotten at `endsAt` (ms). */
export interface Window {
  id: string;
  endsAt: number;
}

/** The fixed window of `lengthMs` that contains `now`; windows are aligned to the epoch. */
export function fixedWindow(now: number, lengthMs: number): Window {
  const index = Math.floor(now / lengthMs);
  return { id: String(index), endsAt: (index + 1) * lengthMs };
}

/**
 * The budget period containing `now`, in the server's local time (TZ): a day from midnight, a
 * week from Monday midnight, a month from the 1st at midnight.
 */
export function budgetWindow(now: number, period: Exclude<BudgetPeriod, ''>): Window {
  const date = new Date(now);
  const start = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  let end: Date;
  if (period === 'daily') {
    end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1);
  } else if (period === 'weekly') {
    const sinceMonday = (start.getDay() + 6) % 7;
    start.setDate(start.getDate() - sinceMonday);
    end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 7);
  } else {
    start.setDate(1);
    end = new Date(start.getFullYear(), start.getMonth() + 1, 1);
  }
  return { id: `${period[0]}${start.getTime()}`, endsAt: end.getTime() };
}

/** Seconds until `endsAt`, at least 1: the Retry-After of a refusal. */
export const secondsUntil = (endsAt: number, now: number): number =>
  Math.max(1, Math.ceil((endsAt - now) / 1000));
