/** What a key's balance endpoints report, from the token and user rows as stored. */
export interface BillingSource {
  token: { remain_quota: number; used_quota: number; unlimited_quota: boolean; expired_time: number };
  user: { quota: number; used_quota: number };
}

export interface BillingDisplay {
  displayTokenStat: boolean;
  displayInCurrency: boolean;
  quotaPerUnit: number;
}

export interface BillingStat {
  /** Granted = remaining + used, in the display unit (US dollars, or quota units). */
  granted: number;
  used: number;
  /** Unix seconds the key stops working; 0 when it never does or when the user is shown. */
  accessUntil: number;
}

/**
 * new-api's rule (controller/billing.go): with DisplayTokenStatEnabled the key's own token is
 * shown, else its user. An unlimited token has no balance of its own, so its user is shown
 * (new-api prints a made-up 100 000 000 instead). Amounts are in dollars when
 * DisplayInCurrencyEnabled, else in quota units.
 */
export function billingStat(source: BillingSource, display: BillingDisplay): BillingStat {
  const showToken = display.displayTokenStat && !source.token.unlimited_quota;
  const remain = showToken ? source.token.remain_quota : source.user.quota;
  const used = showToken ? source.token.used_quota : source.user.used_quota;
  const unit = display.displayInCurrency && display.quotaPerUnit > 0 ? display.quotaPerUnit : 1;
  const expiry = source.token.expired_time;
  return {
    granted: (remain + used) / unit,
    used: used / unit,
    accessUntil: display.displayTokenStat && expiry > 0 ? expiry : 0,
  };
}
