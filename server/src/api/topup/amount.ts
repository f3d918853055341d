import { msg, type Text } from '../../i18n/text.ts';

/** Largest amount one order may buy, so money and quota stay far inside safe integers. */
export const MAX_TOP_UP_AMOUNT = 10_000_000;

/** TopupGroupRatio[group]; a group without an entry (or with 0, as new-api reads it) pays ×1. */
export function topUpGroupRatio(table: Record<string, number>, group: string): number {
  const ratio = table[group];
  return typeof ratio === 'number' && ratio > 0 ? ratio : 1;
}

/** What the user pays for `amount` units: amount × unit price × the group's top-up ratio, in cents. */
export function payableMoney(amount: number, unitPrice: number, groupRatio: number): number {
  // toPrecision drops binary noise first (3 × 7.3 × 0.85 is 18.614999…, meant as 18.615).
  return Math.round(Number((amount * unitPrice * groupRatio * 100).toPrecision(12))) / 100;
}

/** Why an amount cannot be bought, or null: a whole number from the minimum up to the maximum. */
export function amountRefusal(amount: unknown, minimum: number): Text | null {
  if (typeof amount !== 'number' || !Number.isInteger(amount)) return msg('topup.amountWhole');
  if (amount < Math.max(1, minimum)) return msg('topup.amountTooSmall', { min: Math.max(1, minimum) });
  if (amount > MAX_TOP_UP_AMOUNT) return msg('topup.amountTooLarge', { max: MAX_TOP_UP_AMOUNT });
  return null;
}

/** Money as the payment page shows it, two decimals. */
export const formatMoney = (money: number): string => money.toFixed(2);
