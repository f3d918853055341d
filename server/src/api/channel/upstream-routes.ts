import { ChannelType, type ChannelBalance } from '@relaygate/contract';
import type { FastifyPluginAsync, RouteHandlerMethod } from 'fastify';
import { currentUser, requireAdmin } from '../../auth/guard.ts';
import { cachedAllowList } from '../../net/allow-list.ts';
import { outboundAgents, type OutboundAgents } from '../../net/outbound-guard.ts';
import { channelBaseUrl, channelTypeInfo } from '../../providers/channel-types.ts';
import { enabledChannels, findChannel, saveBalance, type ChannelRecord } from '../../store/channels.ts';
import type { Db } from '../../store/db.ts';
import { nowSeconds } from '../../store/users.ts';
import { ok } from '../envelope.ts';
import { ApiError } from '../errors.ts';
import { parseId, parseInput } from '../parse-input.ts';
import { addressTrust } from './address-owner.ts';
import { firstKey, normalizeBaseUrl } from './channel-rules.ts';
import { fetchModelsSchema } from './schemas.ts';
import type { UpstreamAccounts } from '../../app-context.ts';
import type { UpstreamAccess } from '../../net/upstream-json.ts';
import { fetchUpstreamModels, queryBalance } from './upstream-queries.ts';
import { msg } from '../../i18n/text.ts';

/** Balances refreshed at once by "update all". */
const BALANCE_CONCURRENCY = 5;

async function channelOf(db: Db, idParam: unknown): Promise<ChannelRecord> {
  const channel = await findChannel(db, parseId(idParam));
  if (!channel) throw new ApiError(msg('channel.notFound'));
  return channel;
}

/** A stored channel's key, through the agent its address deserves (root's, or an admin's). */
const storedAccess = (outbound: OutboundAgents, channel: ChannelRecord): UpstreamAccess => ({
  key: firstKey(channel.key),
  dispatcher: outbound.for(channel.address_trusted !== 0),
});

async function refreshBalance(
  db: Db,
  accounts: UpstreamAccounts,
  outbound: OutboundAgents,
  channel: ChannelRecord,
): Promise<ChannelBalance> {
  const balance = await queryBalance(
    accounts,
    channel.type,
    channelBaseUrl(channel.type, channel.base_url),
    storedAccess(outbound, channel),
  );
  await saveBalance(db, channel.id, balance, nowSeconds());
  return balance;
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
  app.get('/api/channel/update_balance', guarded, async (request) => {
    const queue = (await enabledChannels(store.db)).filter((channel) => accounts.hasBalance(channel.type));
    let updated = 0;
    let failed = 0;
    const worker = async () => {
      for (let channel = queue.shift(); channel; channel = queue.shift()) {
        try {
          await refreshBalance(store.db, accounts, outbound, channel);
          updated += 1;
        } catch (error) {
          failed += 1;
          request.log.warn(
            { channelId: channel.id, reason: (error as Error).message },
            'balance update failed',
          );
        }
      }
    };
    await Promise.all(Array.from({ length: BALANCE_CONCURRENCY }, worker));
    await app.channels.rebuild();
    return ok({ updated, failed });
  });

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
