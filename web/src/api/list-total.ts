/** The total a classic list sends in its header; without a usable one, the rows on hand are all there is. */
export function listTotal(headerValue: string | null, rowsOnHand: number): number {
  if (headerValue === null || headerValue.trim() === '') return rowsOnHand;
  const total = Number(headerValue);
  return Number.isSafeInteger(total) && total >= 0 ? total : rowsOnHand;
}
