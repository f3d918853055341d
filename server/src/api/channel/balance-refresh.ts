/**
 * Refreshing channels' balances from their upstream accounts: one channel (the console's button),
 * or every enabled one (the console's "update all", and new-api's CHANNEL_UPDATE_FREQUENCY job).
 */
import { ChannelStatus, type ChannelBalance } from '@relaygate/contract';
import type { FastifyInstance } from 'fastify';
import type { UpstreamAccounts } from '../../ports.ts';
import type { JobDefinition } from '../../jobs/scheduler.ts';
import type { OutboundAgents } from '../../net/outbound-guard.ts';
import type { UpstreamAccess } from '../../net/upstream-json.ts';
import { channelBaseUrl } from '../../providers/channel-types.ts';
import { setChannelStatus } from '../../store/channel-status.ts';
import { enabledChannels, saveBalance, type ChannelRecord } from '../../store/channels.ts';
import type { Db } from '../../store/db.ts';
import { nowSeconds } from '../../store/users.ts';
import { firstKey } from './channel-rules.ts';
import { queryBalance } from './upstream-queries.ts';

export const BALANCE_REFRESH_JOB = 'balance-refresh';

/** Balances refreshed at once by "update all". */
const BALANCE_CONCURRENCY = 5;

/** A stored channel's key, through the agent its address deserves (root's, or an admin's). */
export const storedAccess = (outbound: OutboundAgents, channel: ChannelRecord): UpstreamAccess => ({
  key: firstKey(channel.key),
  dispatcher: outbound.for(channel.address_trusted !== 0),
});

/** Asks the channel's account for its balance and keeps it on the row. */
export async function refreshBalance(
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

export interface BalanceSummary {
  updated: number;
  failed: number;
  /** Channels turned off because their balance ran out. */
  disabled: number;
}

/** An account with nothing left: its channel is disabled as new-api does, when it may be disabled automatically. */
async function disableIfSpent(
  app: FastifyInstance,
  channel: ChannelRecord,
  balance: number,
): Promise<boolean> {
  if (balance > 0 || channel.auto_ban !== 1) return false;
  const reason = `the upstream balance is ${balance}`;
  const disabled = await setChannelStatus(app.store.db, channel.id, ChannelStatus.AutoDisabled, {
    reason,
    onlyFrom: ChannelStatus.Enabled,
  });
  if (disabled) app.notifier.channelStatusChanged({ id: channel.id, name: channel.name }, false, reason);
  return disabled;
}

/**
 * Every enabled channel whose type has a balance endpoint, a few at a time; a failure is counted
 * and logged, not fatal. `cancelled` stops it between channels.
 */
export async function refreshAllBalances(
  app: FastifyInstance,
  outbound: OutboundAgents,
  cancelled: () => boolean = () => false,
): Promise<BalanceSummary> {
  const accounts = app.upstreamAccounts;
  const queue = (await enabledChannels(app.store.db)).filter((channel) => accounts.hasBalance(channel.type));
  const summary: BalanceSummary = { updated: 0, failed: 0, disabled: 0 };
  const worker = async () => {
    for (let channel = queue.shift(); channel && !cancelled(); channel = queue.shift()) {
      try {
        const { balance } = await refreshBalance(app.store.db, accounts, outbound, channel);
        summary.updated += 1;
        if (await disableIfSpent(app, channel, balance)) summary.disabled += 1;
      } catch (error) {
        summary.failed += 1;
        app.log.warn({ channelId: channel.id, reason: (error as Error).message }, 'balance update failed');
      }
    }
  };
  await Promise.all(Array.from({ length: BALANCE_CONCURRENCY }, worker));
  await app.channels.rebuild();
  return summary;
}

/** new-api's CHANNEL_UPDATE_FREQUENCY: every enabled channel's balance, on one node of the cluster. */
export function balanceRefreshJob(
  app: FastifyInstance,
  outbound: OutboundAgents,
  intervalMs: number,
): JobDefinition {
  return {
    name: BALANCE_REFRESH_JOB,
    intervalMs,
    scope: 'leased',
    run: (context) => refreshAllBalances(app, outbound, () => context.cancelled),
  };
}
