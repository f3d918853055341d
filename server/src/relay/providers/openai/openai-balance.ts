import { ChannelType } from '@relaygate/contract';
import { msg } from '../../../i18n/text.ts';
import { getUpstreamJson, numberAt, UpstreamQueryError } from '../../../net/upstream-json.ts';
import type { BalanceQuery } from '../provider-family.ts';

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const day = (date: Date) => date.toISOString().slice(0, 10);
const usd = (balance: number) => ({ balance, currency: 'USD' });

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
  return usd(limit - numberAt(usage, 'total_usage') / 100);
};

/** DeepSeek lists a balance per currency: the USD one when there is one, else the first, in its currency. */
const deepSeekBalance: BalanceQuery = async (base, access) => {
  const body = await getUpstreamJson(`${base}/user/balance`, bearer(access.key), access);
  const infos = (body as { balance_infos?: unknown }).balance_infos;
  if (!Array.isArray(infos) || infos.length === 0)
    throw new UpstreamQueryError(msg('upstream.noBalanceInfos'));
  const currencyOf = (info: unknown) => (info as { currency?: unknown })?.currency;
  const chosen = infos.find((info) => currencyOf(info) === 'USD') ?? infos[0];
  const currency = currencyOf(chosen);
  return {
    balance: numberAt(chosen, 'total_balance'),
    currency: typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? currency : 'USD',
  };
};

/** OpenRouter's default base URL already ends in /api. */
const openRouterBalance: BalanceQuery = async (base, access) => {
  const url = base.endsWith('/api') ? `${base}/v1/credits` : `${base}/api/v1/credits`;
  const body = await getUpstreamJson(url, bearer(access.key), access);
  return usd(numberAt(body, 'data.total_credits') - numberAt(body, 'data.total_usage'));
};

/** SiliconFlow and Moonshot keep a Chinese account (a .cn site) in yuan and an international one in dollars. */
const currencyOfSite = (base: string): string => {
  try {
    return new URL(base).hostname.endsWith('.cn') ? 'CNY' : 'USD';
  } catch {
    return 'USD';
  }
};

const siliconFlowBalance: BalanceQuery = async (base, access) => ({
  balance: numberAt(
    await getUpstreamJson(`${base}/v1/user/info`, bearer(access.key), access),
    'data.totalBalance',
  ),
  currency: currencyOfSite(base),
});

const moonshotBalance: BalanceQuery = async (base, access) => ({
  balance: numberAt(
    await getUpstreamJson(`${base}/v1/users/me/balance`, bearer(access.key), access),
    'data.available_balance',
  ),
  currency: currencyOfSite(base),
});

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
