import { TopUpStatus } from '@relaygate/contract';

/** Why a redemption code cannot be sent, as an i18n key, or null. */
export const redeemCodeProblem = (code: string): string | null =>
  code.trim() === '' ? 'topup.redeem.required' : null;

/** The smallest amount one may buy: the site's minimum, and never below 1 (spec §5). */
export const minimumAmount = (minTopUp: number): number => Math.max(1, Math.ceil(minTopUp || 1));

/** Why an online amount cannot be paid, as an i18n key, or null. */
export function amountProblem(amount: unknown, minTopUp: number): string | null {
  const value = Number(amount);
  if (amount === null || amount === '' || !Number.isInteger(value)) return 'topup.online.amountInvalid';
  if (value < minimumAmount(minTopUp)) return 'topup.online.belowMinimum';
  return null;
}

/** The amount presets the wallet shows: those at or above the minimum, the minimum first when absent. */
export function amountPresets(options: number[], minTopUp: number): number[] {
  const minimum = minimumAmount(minTopUp);
  const kept = options.filter((option) => Number.isInteger(option) && option >= minimum);
  return kept.includes(minimum) ? kept : [minimum, ...kept];
}

/** Money to pay, two decimals, as the payment page shows it. */
export function formatMoney(value: number | string | undefined): string {
  const n = Number(value);
  return Number.isFinite(n) ? n.toFixed(2) : '-';
}

/** The i18n key (under `topup.orderStatus`) and tag colour of an order's status. */
export function orderStatusTag(status: string): { label: string; color: string } {
  switch (status) {
    case TopUpStatus.Success:
      return { label: 'success', color: 'green' };
    case TopUpStatus.Pending:
      return { label: 'pending', color: 'gold' };
    case TopUpStatus.Failed:
      return { label: 'failed', color: 'red' };
    case TopUpStatus.Expired:
      return { label: 'expired', color: 'default' };
    default:
      return { label: 'unknown', color: 'default' };
  }
}

/** i18n key of a payment method's label. */
export const methodLabel = (method: string): string =>
  ({ zfb: 'topup.method.zfb', wx: 'topup.method.wx', stripe: 'topup.method.stripe' })[method] ??
  'topup.method.other';

/**
 * Sends the browser to the payment page as new-api's console does: a hidden form with the signed
 * fields, posted to the page's URL (the page is the payment provider's, not ours).
 */
export function postPaymentForm(doc: Document, url: string, fields: Record<string, string>): HTMLFormElement {
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = url;
  form.style.display = 'none';
  for (const [name, value] of Object.entries(fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  return form;
}
