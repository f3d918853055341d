import { ChannelStatus, type ChannelOtherInfo, type ChannelView } from '@relaygate/contract';
import { USD_DISPLAY, formatMoney } from '../../lib/quota.ts';

/** antd Tag colours for a channel's last response time (spec §4). */
export type ResponseTimeColour = 'default' | 'green' | 'lime' | 'yellow' | 'red';

/** 0 untested (grey); up to 1 s green; up to 3 s lime; up to 5 s yellow; above that red. */
export function responseTimeColour(milliseconds: number): ResponseTimeColour {
  if (!(milliseconds > 0)) return 'default';
  if (milliseconds <= 1000) return 'green';
  if (milliseconds <= 3000) return 'lime';
  if (milliseconds <= 5000) return 'yellow';
  return 'red';
}

/** Milliseconds shown as seconds with two decimals: 1234 → "1.23". */
export const millisecondsToSeconds = (milliseconds: number): string => (milliseconds / 1000).toFixed(2);

/** Seconds (as the test call answers) with two decimals. */
export const formatSeconds = (seconds: number): string => (Number.isFinite(seconds) ? seconds : 0).toFixed(2);

export type StatusKind = 'enabled' | 'disabled' | 'autoDisabled' | 'unknown';

export function statusKind(status: number): StatusKind {
  switch (status) {
    case ChannelStatus.Enabled:
      return 'enabled';
    case ChannelStatus.ManuallyDisabled:
      return 'disabled';
    case ChannelStatus.AutoDisabled:
      return 'autoDisabled';
    default:
      return 'unknown';
  }
}

export const STATUS_COLOUR: Record<StatusKind, string> = {
  enabled: 'green',
  disabled: 'red',
  autoDisabled: 'orange',
  unknown: 'default',
};

/** other_info is JSON text with status_reason and status_time; anything else reads as empty. */
export function parseOtherInfo(text: string | null | undefined): ChannelOtherInfo {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const { status_reason, status_time, balance_currency } = value as Record<string, unknown>;
    return {
      status_reason: typeof status_reason === 'string' ? status_reason : undefined,
      status_time: typeof status_time === 'number' ? status_time : undefined,
      balance_currency: typeof balance_currency === 'string' ? balance_currency : undefined,
    };
  } catch {
    return {};
  }
}

/** The status a channel switch asks for: enabled channels get disabled, the others enabled. */
export const toggledStatus = (status: number): number =>
  status === ChannelStatus.Enabled ? ChannelStatus.ManuallyDisabled : ChannelStatus.Enabled;

/** Comma-separated names (models, groups) as a clean list. */
export function splitNames(text: string | null | undefined): string[] {
  return [
    ...new Set(
      (text ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== ''),
    ),
  ];
}

const CURRENCY_SYMBOLS: Record<string, string> = { USD: '$', CNY: '¥' };

/** An upstream balance in its provider's currency: $ and ¥ by symbol, any other by its code. */
export function formatBalance(balance: number, currency = 'USD'): string {
  const symbol = CURRENCY_SYMBOLS[currency] ?? `${currency} `;
  return formatMoney(balance, { ...USD_DISPLAY, symbol });
}

/**
 * The upstream balance in the currency the provider keeps it in (other_info.balance_currency; US
 * dollars when unsaid), or "not fetched" until it was asked once: a balance never asked for is not $0.00.
 */
export function balanceText(
  channel: Pick<ChannelView, 'balance' | 'balance_updated_time' | 'other_info'>,
): string | null {
  if (channel.balance_updated_time <= 0) return null;
  return formatBalance(channel.balance, parseOtherInfo(channel.other_info).balance_currency);
}
