import { inputToQuota, quotaToInput, type QuotaDisplay } from '../../lib/quota.ts';

/** The link a user shares: `<server address or this origin>/register?aff=CODE`. */
export function inviteLink(code: string, serverAddress: string | undefined, origin: string): string {
  const base = (serverAddress || origin).replace(/\/+$/, '');
  return `${base}/register?aff=${encodeURIComponent(code)}`;
}

/** The transfer modal's bounds in the display unit: at least one quota unit, at most the pending invite quota. */
export function transferBounds(pending: number, display: QuotaDisplay): { min: number; max: number } {
  return { min: quotaToInput(display.quotaPerUnit, display), max: quotaToInput(pending, display) };
}

export type TransferCheck =
  { quota: number; error: null } | { quota: number; error: 'tooSmall' | 'tooLarge' };

/** The quota a typed amount stands for, and why it cannot be transferred (spec §5: at least one quota unit). */
export function checkTransfer(amount: number, pending: number, display: QuotaDisplay): TransferCheck {
  const quota = inputToQuota(Number(amount) || 0, display);
  if (quota < display.quotaPerUnit) return { quota, error: 'tooSmall' };
  if (quota > pending) return { quota, error: 'tooLarge' };
  return { quota, error: null };
}
