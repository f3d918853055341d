import { ChannelStatus, type FixAbilitiesResult } from '@relaygate/contract';
import type { Insertable } from 'kysely';
import { splitList } from './list-column.ts';
import type { Db } from './db.ts';
import type { AbilitiesTable } from './schema.ts';

/** What abilities are derived from. */
export interface AbilitySource {
  id: number;
  group: string;
  models: string | null;
  status: number;
  priority: number;
  weight: number;
  tag: string | null;
}

/** Rows per insert: seven parameters each stays well under every driver's parameter limit. */
const CHUNK = 100;

/** One row per distinct (group, model) of the channel, carrying its status, priority, weight and tag. */
export function abilityRowsOf(channel: AbilitySource): Insertable<AbilitiesTable>[] {
  const enabled = channel.status === ChannelStatus.Enabled ? 1 : 0;
  const tag = channel.tag === null || channel.tag === '' ? null : channel.tag;
  const rows: Insertable<AbilitiesTable>[] = [];
  const models = [...new Set(splitList(channel.models))];
  for (const group of new Set(splitList(channel.group))) {
    for (const model of models) {
      rows.push({
        group,
        model,
        channel_id: channel.id,
        enabled,
        priority: Number(channel.priority),
        weight: Number(channel.weight),
        tag,
      });
    }
  }
  return rows;
}

/** Replaces a channel's abilities rows. Run it inside the transaction that wrote the channel. */
export async function syncChannelAbilities(db: Db, channel: AbilitySource): Promise<void> {
  await db.deleteFrom('abilities').where('channel_id', '=', channel.id).execute();
  const rows = abilityRowsOf(channel);
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto('abilities')
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
}

/** Deletes the abilities of these channels (with the channels themselves, in the same transaction). */
export async function deleteAbilitiesOf(db: Db, channelIds: number[]): Promise<void> {
  for (let i = 0; i < channelIds.length; i += 500) {
    await db
      .deleteFrom('abilities')
      .where('channel_id', 'in', channelIds.slice(i, i + 500))
      .execute();
  }
}

/**
 * POST /api/channel/fix: empties the abilities table and rebuilds it channel by channel. A channel
 * whose rows cannot be written (say a group name longer than the column, from imported data) is
 * counted as a failure and the others still go through.
 */
export async function rebuildAllAbilities(db: Db): Promise<FixAbilitiesResult> {
  const channels = await db
    .selectFrom('channels')
    .select(['id', 'group', 'models', 'status', 'priority', 'weight', 'tag'])
    .orderBy('id')
    .execute();
  await db.deleteFrom('abilities').execute();
  let success = 0;
  let fails = 0;
  for (const channel of channels) {
    try {
      await db.transaction().execute((trx) => syncChannelAbilities(trx, channel));
      success += 1;
    } catch {
      fails += 1;
    }
  }
  return { success, fails };
}
