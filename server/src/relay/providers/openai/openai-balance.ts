import { ChannelType } from '@relaygate/contract';
import { msg } from '../../../i18n/text.ts';
import { getUpstreamJson, numberAt, UpstreamQueryError } from '../../../net/upstream-json.ts';
import type { BalanceQuery } from '../provider-family.ts';

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const day = (date: Date) => date.toISOString().slice(0, 10);

/** OpenAI's dashboard billing: the hard limit minus this period's usage (reported in cents). */
const openAIDashboardBalance: BalanceQuery = async (base, access) => {
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
  if (!Array.isArray(infos) || infos.length === 0)
    throw new UpstreamQueryError(msg('upstream.noBalanceInfos'));
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
  [ChannelType.OpenAI]: openAIDashboardBalance,
  [ChannelType.Custom]: openAIDashboardBalance,
  [ChannelType.DeepSeek]: deepSeekBalance,
  [ChannelType.OpenRouter]: openRouterBalance,
  [ChannelType.SiliconFlow]: siliconFlowBalance,
  [ChannelType.Moonshot]: moonshotBalance,
};

/** The balance query of an OpenAI-compatible channel type, if its provider has one. */
export const openAIBalance = (channelType: number): BalanceQuery | undefined => BALANCE_QUERIES[channelType];
