import type { ChannelBalance } from '@relaygate/contract';
import type { UpstreamAccounts } from '../../ports.ts';
import type { UpstreamAccess } from '../../net/upstream-json.ts';
import { ApiError } from '../errors.ts';
import { msg } from '../../i18n/text.ts';

/** The model ids an upstream account offers, once the form gave what the question needs. */
export async function fetchUpstreamModels(
  accounts: UpstreamAccounts,
  type: number,
  base: string,
  access: UpstreamAccess,
): Promise<string[]> {
  if (access.key === '') throw new ApiError(msg('upstream.enterKey'));
  if (base === '') throw new ApiError(msg('upstream.enterBaseUrl'));
  return accounts.listModels(type, base, access);
}

/** The account's balance, for a channel type that can tell it and a channel with a base URL. */
export async function queryBalance(
  accounts: UpstreamAccounts,
  type: number,
  base: string,
  access: UpstreamAccess,
): Promise<ChannelBalance> {
  if (!accounts.hasBalance(type)) throw new ApiError(msg('upstream.balanceUnsupported'));
  if (base === '') throw new ApiError(msg('upstream.noBaseUrl'));
  return accounts.balance(type, base, access);
}
