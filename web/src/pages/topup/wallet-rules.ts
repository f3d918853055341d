import { TopUpStatus } from '@relaygate/contract';

/** Why a redemption code cannot be sent, as an i18n key, or null. */
export const redeemCodeProblem = (code: string): string | null =>
  code.trim() === '' ? 'topup.redeem.required' : null;

/** The smallest amount one may buy: the site's minimum, and never below 1 (spec §5). */
export const minimumAmount = (minTopUp: number): number => Math.max(1, Math.ceil(minTopUp || 1));

/**
 * The amount typed in the online top-up field (whole US dollars of quota), or null when the text is
 * not a whole number: digits only, so "1e3", "2.5" or "-1" are not amounts.
 */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,12}$/.test(trimmed) ? Number(trimmed) : null;
}

/** Why an online amount cannot be paid, as an i18n key (its text takes {{min}}), or null. */
export function amountProblem(text: string, minTopUp: number): string | null {
  if (text.trim() === '') return 'topup.online.amountRequired';
  const value = parseAmount(text);
  if (value === null) return 'topup.online.amountInvalid';
  if (value < minimumAmount(minTopUp)) return 'topup.online.belowMinimum';
  return null;
}

/** The amount presets the wallet shows: those at or above the minimum, the minimum first when absent. */
export function amountPresets(options: number[], minTopUp: number): number[] {
  const minimum = minimumAmount(minTopUp);
  const kept = options.filter((option) => Number.isInteger(option) && option >= minimum);
  return kept.includes(minimum) ? kept : [minimum, ...kept];
}

/** An amount of top-up: whole US dollars of quota, as the order and the payment page count it. */
export const formatAmount = (amount: number): string => `$${amount}`;

/**
 * Money to pay, with its currency, in the interface's language: yuan, as the top-up prices are set
 * (Price is "yuan per dollar of quota", as in new-api; Alipay and WeChat Pay charge yuan), two
 * decimals: "¥7.30" in Chinese, "CN¥7.30" in English. '-' when there is no figure.
 */
export function formatPayable(value: number | string | undefined, language: string): string {
  const n = Number(value);
  if (value === undefined || value === '' || !Number.isFinite(n)) return '-';
  const locale = language.startsWith('zh') ? 'zh-CN' : 'en-US';
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'CNY' }).format(n);
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
