import type { QuotaAdjustMode, QuotaAdjustRequest } from '@relaygate/contract';
import { inputToQuota, type QuotaDisplay } from '../../lib/quota.ts';

/** The drawer's adjustment as typed: how, and the amount in the display unit (a currency or units). */
export interface AdjustInput {
  mode: QuotaAdjustMode;
  amount: number | null | undefined;
}

/** A ready adjustment: the whole units to send and the balance it leads to. */
export interface Adjustment {
  value: number;
  after: number;
}

/** Why an adjustment cannot be sent, as an i18n key under `user.adjust`. */
export type AdjustProblem = 'required' | 'positive' | 'tooMuch';

/**
 * The adjustment an admin typed, checked against the balance: add and subtract need at least one
 * unit, a deduction at most the balance (the server refuses more, atomically), an override any
 * amount from 0. The amount is converted to whole units once, here, with the console's one rule.
 */
export function adjustmentOf(
  input: AdjustInput,
  balance: number,
  display: QuotaDisplay,
): Adjustment | AdjustProblem {
  const { mode, amount } = input;
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return 'required';
  const value = inputToQuota(amount, display);
  if (value < 0 || (mode !== 'override' && value <= 0)) return 'positive';
  if (mode === 'subtract' && value > balance) return 'tooMuch';
  const after = mode === 'add' ? balance + value : mode === 'subtract' ? balance - value : value;
  return { value, after };
}

export const isAdjustment = (result: Adjustment | AdjustProblem): result is Adjustment =>
  typeof result === 'object';

/** POST /api/user/manage body of an adjustment, as new-api's console sends it. */
export const toAdjustRequest = (id: number, mode: QuotaAdjustMode, value: number): QuotaAdjustRequest => ({
  id,
  action: 'add_quota',
  mode,
  value,
});
