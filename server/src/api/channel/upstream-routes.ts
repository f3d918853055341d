import { ChannelType } from '@relaygate/contract';
import type { FastifyPluginAsync, RouteHandlerMethod } from 'fastify';
import { currentUser, requireAdmin } from '../../auth/guard.ts';
import { cachedAllowList } from '../../net/allow-list.ts';
import { outboundAgents } from '../../net/outbound-guard.ts';
import { channelBaseUrl, channelTypeInfo } from '../../providers/channel-types.ts';
import { findChannel, type ChannelRecord } from '../../store/channels.ts';
import type { Db } from '../../store/db.ts';
import { ok } from '../envelope.ts';
import { ApiError } from '../errors.ts';
import { parseId, parseInput } from '../parse-input.ts';
import { addressTrust } from './address-owner.ts';
import {
  BALANCE_REFRESH_JOB,
  balanceRefreshJob,
  refreshAllBalances,
  refreshBalance,
  storedAccess,
} from './balance-refresh.ts';
import { firstKey, normalizeBaseUrl } from './channel-rules.ts';
import { fetchModelsSchema } from './schemas.ts';
import { fetchUpstreamModels } from './upstream-queries.ts';
import { msg } from '../../i18n/text.ts';

async function channelOf(db: Db, idParam: unknown): Promise<ChannelRecord> {
  const channel = await findChannel(db, parseId(idParam));
  if (!channel) throw new ApiError(msg('channel.notFound'));
  return channel;
}

/** Calls to the channel's upstream account: its balance and its model list. */
export const channelUpstreamRoutes: FastifyPluginAsync = async (app) => {
  const { store, upstreamAccounts: accounts } = app;
  const guarded = { onRequest: requireAdmin };
  const outbound = outboundAgents(
    { connections: 8, keepAliveTimeout: 10_000 },
    cachedAllowList(() => app.settings.get('OutboundAllowList')),
  );
  app.addHook('onClose', () => outbound.close());

  const updateOne: RouteHandlerMethod = async (request) => {
    const channel = await channelOf(store.db, (request.params as { id: string }).id);
    const { balance, currency } = await refreshBalance(store.db, accounts, outbound, channel);
    await app.channels.rebuild();
    // The classic console reads balance at the top level, newer ones in data.
    return { ...ok({ balance, currency }), balance, currency };
  };
  app.get('/api/channel/update_balance/:id', guarded, updateOne);
  app.get('/api/channel/update_balance/:id/', guarded, updateOne);

  /** Every enabled channel whose type has a balance endpoint; failures are counted, not fatal. */
  app.get('/api/channel/update_balance', guarded, async () => {
    const { updated, failed } = await refreshAllBalances(app, outbound);
    return ok({ updated, failed });
  });

  // new-api's CHANNEL_UPDATE_FREQUENCY: the same refresh, timed, on one node of the cluster.
  const every = app.config.jobs.balanceRefreshIntervalMs;
  if (every !== undefined) {
    app.jobs.add(balanceRefreshJob(app, outbound, every));
    app.addHook('onClose', () => app.jobs.remove(BALANCE_REFRESH_JOB));
  }

  app.get('/api/channel/fetch_models/:id', guarded, async (request) => {
    const channel = await channelOf(store.db, (request.params as { id: string }).id);
    const base = channelBaseUrl(channel.type, channel.base_url);
    return ok(await fetchUpstreamModels(accounts, channel.type, base, storedAccess(outbound, channel)));
  });

  /** The create form's "fetch models": the key is not stored yet. */
  app.post('/api/channel/fetch_models', guarded, async (request) => {
    const input = parseInput(fetchModelsSchema, request.body);
    const type = input.type ?? ChannelType.OpenAI;
    if (!channelTypeInfo(type)) throw new ApiError(msg('channel.unknownType', { type }));
    const base = channelBaseUrl(type, normalizeBaseUrl(input.base_url ?? ''));
    // The key is the caller's own; the address is trusted only when root typed it.
    const trusted = addressTrust(currentUser(request).role) === 1;
    const key = firstKey(input.key ?? '');
    return ok(await fetchUpstreamModels(accounts, type, base, { key, dispatcher: outbound.for(trusted) }));
  });
};
