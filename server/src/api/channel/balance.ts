import { ChannelType } from '@relaygate/contract';
import { ApiError } from '../errors.ts';
import { getUpstreamJson, numberAt, type UpstreamAccess } from './upstream-http.ts';
import { msg } from '../../i18n/text.ts';

type BalanceQuery = (base: string, access: UpstreamAccess) => Promise<number>;

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const day = (date: Date) => date.toISOString().slice(0, 10);

/** OpenAI's dashboard billing: the hard limit minus this period's usage (reported in cents). */
const openAIBalance: BalanceQuery = async (base, access) => {
  const subscription = await getUpstreamJson(
    `${base}/v1/dashboard/billing/subscription`,
    bearer(access.key),
    access,
  );
  const limit = numberAt(subscription, 'hard_limit_usd');
  const now = new Date();
  const hasPaymentMethod = (subscription as { has_payment_method?: unknown }).has_payment_method === true;
  const start = hasPaymentMethod
    ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
    : new Date(now.getTime() - 100 * 86_400_000);
  const usage = await getUpstreamJson(
    `${base}/v1/dashboard/billing/usage?start_date=${day(start)}&end_date=${day(now)}`,
    bearer(access.key),
    access,
  );
  return limit - numberAt(usage, 'total_usage') / 100;
};

/** DeepSeek lists a balance per currency: the USD one when there is one, else the first. */
const deepSeekBalance: BalanceQuery = async (base, access) => {
  const body = await getUpstreamJson(`${base}/user/balance`, bearer(access.key), access);
  const infos = (body as { balance_infos?: unknown }).balance_infos;
  if (!Array.isArray(infos) || infos.length === 0) throw new ApiError(msg('upstream.noBalanceInfos'));
  const usd = infos.find((info) => (info as { currency?: unknown })?.currency === 'USD');
  return numberAt(usd ?? infos[0], 'total_balance');
};

/** OpenRouter's default base URL already ends in /api. */
const openRouterBalance: BalanceQuery = async (base, access) => {
  const url = base.endsWith('/api') ? `${base}/v1/credits` : `${base}/api/v1/credits`;
  const body = await getUpstreamJson(url, bearer(access.key), access);
  return numberAt(body, 'data.total_credits') - numberAt(body, 'data.total_usage');
};

const siliconFlowBalance: BalanceQuery = async (base, access) =>
  numberAt(await getUpstreamJson(`${base}/v1/user/info`, bearer(access.key), access), 'data.totalBalance');

const moonshotBalance: BalanceQuery = async (base, access) =>
  numberAt(
    await getUpstreamJson(`${base}/v1/users/me/balance`, bearer(access.key), access),
    'data.available_balance',
  );

const BALANCE_QUERIES: Partial<Record<number, BalanceQuery>> = {
  [ChannelType.OpenAI]: openAIBalance,
  [ChannelType.Custom]: openAIBalance,
  [ChannelType.DeepSeek]: deepSeekBalance,
  [ChannelType.OpenRouter]: openRouterBalance,
  [ChannelType.SiliconFlow]: siliconFlowBalance,
  [ChannelType.Moonshot]: moonshotBalance,
};

export const hasBalanceQuery = (type: number): boolean => BALANCE_QUERIES[type] !== undefined;

/** Asks the upstream for the account's remaining balance (USD, or the provider's own currency). */
export async function queryBalance(type: number, base: string, access: UpstreamAccess): Promise<number> {
  const query = BALANCE_QUERIES[type];
  if (!query) throw new ApiError(msg('upstream.balanceUnsupported'));
  if (base === '') throw new ApiError(msg('upstream.noBaseUrl'));
  return query(base, access);
}
