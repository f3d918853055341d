import { TokenStatus, type TokenView } from '@relaygate/contract';
import { leadWith } from '../../lib/column-order.ts';

/** The full key as the user pastes it. */
export const fullKey = (key: string): string => `sk-${key}`;

/** `sk-abcd…wxyz`: enough to tell keys apart without showing them. */
export function maskKey(key: string): string {
  if (key.length <= 8) return fullKey(key);
  return `sk-${key.slice(0, 4)}…${key.slice(-4)}`;
}

/** The i18n key (under `token.status`) and tag colour of a token's status (spec §4). */
export function tokenStatusTag(token: Pick<TokenView, 'status' | 'model_limits_enabled'>): {
  label: string;
  color: string;
} {
  switch (token.status) {
    case TokenStatus.Enabled:
      return token.model_limits_enabled
        ? { label: 'restricted', color: 'green' }
        : { label: 'enabled', color: 'green' };
    case TokenStatus.Disabled:
      return { label: 'disabled', color: 'red' };
    case TokenStatus.Expired:
      return { label: 'expired', color: 'gold' };
    case TokenStatus.Exhausted:
      return { label: 'exhausted', color: 'orange' };
    default:
      return { label: 'unknown', color: 'default' };
  }
}

/** The status the enable/disable switch sets, or null when it does not apply (expired, exhausted). */
export function toggledStatus(status: number): number | null {
  if (status === TokenStatus.Enabled) return TokenStatus.Disabled;
  if (status === TokenStatus.Disabled) return TokenStatus.Enabled;
  return null;
}

/** The text copied for the selected tokens: one full key per line. */
export const selectedKeysText = (tokens: Pick<TokenView, 'key'>[]): string =>
  tokens.map((token) => fullKey(token.key)).join('\n');

/**
 * What a phone shows first, before a sideways scroll: which key, whether it works, what it has left;
 * then its actions (not pinned to the right there, where they would cover the lead).
 */
export const TOKEN_PHONE_LEAD = ['name', 'status', 'remain_quota', 'actions'] as const;

/** The table's columns in the order drawn: on a phone the useful ones lead, the rest follow in their order. */
export const tokenColumnsInOrder = <C extends { key?: unknown }>(columns: C[], phone: boolean): C[] =>
  phone ? leadWith(columns, TOKEN_PHONE_LEAD, (column) => String(column.key)) : columns;
