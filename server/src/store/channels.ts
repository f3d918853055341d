import { ChannelStatus, type ChannelBalance } from '@relaygate/contract';
import {
  sql,
  type Expression,
  type Insertable,
  type Selectable,
  type SqlBool,
  type Updateable,
} from 'kysely';
import { splitList } from './list-column.ts';
import { deleteAbilitiesOf, syncChannelAbilities } from './abilities-sync.ts';
import { mergeOtherInfo } from './channel-status.ts';
import type { Db, Store } from './db.ts';
import type { DialectName } from './dialect.ts';
import { insertReturningId } from './insert.ts';
import { containsText } from './like.ts';
import type { ChannelsTable } from './schema.ts';
import { retryOnLockConflict } from './lock-retry.ts';

export type ChannelRecord = Selectable<ChannelsTable>;

/** Every column the console may see: never the key, nor new-api's multi-key and extra settings blobs. */
export const CHANNEL_VIEW_COLUMNS = [
  'id',
  'type',
  'name',
  'openai_organization',
  'test_model',
  'status',
  'weight',
  'created_time',
  'test_time',
  'response_time',
  'base_url',
  'other',
  'balance',
  'balance_updated_time',
  'models',
  'group',
  'used_quota',
  'model_mapping',
  'status_code_mapping',
  'priority',
  'auto_ban',
  'other_info',
  'tag',
  'setting',
  'param_override',
  'header_override',
  'remark',
  'max_input_tokens',
  'concurrency_limit',
  'test_outcome',
  'test_error',
  'test_error_text',
] as const satisfies readonly (keyof ChannelsTable)[];

export type ChannelViewRow = Pick<ChannelRecord, (typeof CHANNEL_VIEW_COLUMNS)[number]>;

export interface ChannelFilter {
  /** Matches the id exactly, or the name, base URL or tag as a substring. */
  keyword?: string;
  /** One of the channel's groups, exactly. */
  group?: string;
  /** A model name: one of the channel's models exactly, or a substring of its model list. */
  model?: string;
  modelMatch?: 'exact' | 'contains';
  status?: { op: '=' | '!='; value: number };
  type?: number;
}

export type ChannelOrder = 'priority' | 'id';

const escapeLike = (text: string) => text.replace(/[!%_]/g, (c) => `!${c}`);

/** Whether a comma-separated column holds this item exactly. */
function listHolds(dialect: DialectName, column: string, item: string): Expression<SqlBool> {
  const wrapped =
    dialect === 'mysql' ? sql`concat(',', ${sql.ref(column)}, ',')` : sql`(',' || ${sql.ref(column)} || ',')`;
  return sql<SqlBool>`${wrapped} like ${`%,${escapeLike(item)},%`} escape '!'`;
}

function conditions(dialect: DialectName, filter: ChannelFilter): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [];
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const alternatives = [
      containsText('name', keyword),
      containsText('base_url', keyword),
      containsText('tag', keyword),
    ];
    if (/^\d{1,15}$/.test(keyword)) alternatives.push(sql<SqlBool>`${sql.ref('id')} = ${Number(keyword)}`);
    where.push(sql<SqlBool>`(${sql.join(alternatives, sql` or `)})`);
  }
  if (filter.group) where.push(listHolds(dialect, 'group', filter.group));
  if (filter.model) {
    where.push(
      filter.modelMatch === 'contains'
        ? containsText('models', filter.model)
        : listHolds(dialect, 'models', filter.model),
    );
  }
  if (filter.status)
    where.push(sql<SqlBool>`${sql.ref('status')} ${sql.raw(filter.status.op)} ${filter.status.value}`);
  if (filter.type !== undefined) where.push(sql<SqlBool>`${sql.ref('type')} = ${filter.type}`);
  return where;
}

function filteredChannels(db: Db, dialect: DialectName, filter: ChannelFilter) {
  return db.selectFrom('channels').where((eb) => eb.and(conditions(dialect, filter)));
}

function viewQuery(db: Db, dialect: DialectName, filter: ChannelFilter, order: ChannelOrder) {
  const query = filteredChannels(db, dialect, filter).select(CHANNEL_VIEW_COLUMNS);
  return order === 'id'
    ? query.orderBy('id', 'desc')
    : query.orderBy('priority', 'desc').orderBy('id', 'desc');
}

/** One page of channels (no key), and how many match. */
export async function listChannelPage(
  store: Store,
  filter: ChannelFilter,
  order: ChannelOrder,
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: ChannelViewRow[] }> {
  const counted = await filteredChannels(store.db, store.dialect, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await viewQuery(store.db, store.dialect, filter, order)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { total: Number(counted.n), rows };
}

/** Every channel, whole (keys included): the routing index. */
export function everyChannel(db: Db): Promise<ChannelRecord[]> {
  return db.selectFrom('channels').selectAll().execute();
}

/** Every matching channel (no key), in list order: tag mode groups them in memory. */
export function listAllChannels(
  store: Store,
  filter: ChannelFilter,
  order: ChannelOrder,
): Promise<ChannelViewRow[]> {
  return viewQuery(store.db, store.dialect, filter, order).execute();
}

/** How many channels of each type match (the filter's own type ignored): the console's type tabs. */
export async function countChannelsByType(
  store: Store,
  filter: ChannelFilter,
): Promise<Record<number, number>> {
  const rows = await filteredChannels(store.db, store.dialect, { ...filter, type: undefined })
    .select(['type', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('type')
    .execute();
  return Object.fromEntries(rows.map((row) => [Number(row.type), Number(row.n)]));
}

export function findChannel(db: Db, id: number): Promise<ChannelRecord | undefined> {
  return db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findChannelView(db: Db, id: number): Promise<ChannelViewRow | undefined> {
  return db.selectFrom('channels').select(CHANNEL_VIEW_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function channelsWithTag(db: Db, tag: string): Promise<ChannelRecord[]> {
  return db.selectFrom('channels').selectAll().where('tag', '=', tag).orderBy('id').execute();
}

export function channelsByIds(db: Db, ids: number[]): Promise<ChannelRecord[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('channels').selectAll().where('id', 'in', ids).orderBy('id').execute();
}

export function enabledChannels(db: Db): Promise<ChannelRecord[]> {
  return db
    .selectFrom('channels')
    .selectAll()
    .where('status', '=', ChannelStatus.Enabled)
    .orderBy('id')
    .execute();
}

/** Ids of channels in these statuses, lowest first. */
export async function channelIdsWithStatus(db: Db, statuses: number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('channels')
    .select('id')
    .where('status', 'in', statuses)
    .orderBy('id')
    .execute();
  return rows.map((row) => Number(row.id));
}

/** Inserts channels with their abilities, all or nothing; answers the new ids. */
export async function insertChannels(store: Store, rows: Insertable<ChannelsTable>[]): Promise<number[]> {
  return retryOnLockConflict(() =>
    store.db.transaction().execute(async (trx) => {
      const ids: number[] = [];
      for (const row of rows) {
        const id = await insertReturningId(store, 'channels', row, trx);
        const stored = await trx
          .selectFrom('channels')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        await syncChannelAbilities(trx, stored);
        ids.push(id);
      }
      return ids;
    }),
  );
}

/** Writes changes to these channels and rebuilds their abilities, all or nothing. */
export async function updateChannels(
  db: Db,
  ids: number[],
  changes: Updateable<ChannelsTable>,
): Promise<void> {
  if (ids.length === 0) return;
  await retryOnLockConflict(() =>
    db.transaction().execute(async (trx) => {
      if (Object.keys(changes).length > 0) {
        await trx.updateTable('channels').set(changes).where('id', 'in', ids).execute();
      }
      for (const channel of await channelsByIds(trx, ids)) await syncChannelAbilities(trx, channel);
    }),
  );
}

/** Deletes channels and their abilities; answers how many channels went. */
export async function deleteChannels(db: Db, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    await deleteAbilitiesOf(trx, ids);
    let deleted = 0;
    for (let i = 0; i < ids.length; i += 500) {
      const result = await trx
        .deleteFrom('channels')
        .where('id', 'in', ids.slice(i, i + 500))
        .executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
    return deleted;
  });
}

/** Stores an upstream balance with its time, and its currency in other_info (kept with the other keys). */
export async function saveBalance(db: Db, id: number, found: ChannelBalance, at: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('channels').select('other_info').where('id', '=', id).executeTakeFirst();
    if (!row) return;
    await trx
      .updateTable('channels')
      .set({
        balance: found.balance,
        balance_updated_time: at,
        other_info: mergeOtherInfo(row.other_info, { balance_currency: found.currency }),
      })
      .where('id', '=', id)
      .execute();
  });
}

/** Groups of enabled channels, distinct: what "every group" means for the enabled-model list. */
export async function enabledChannelGroups(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('channels')
    .select('group')
    .where('status', '=', ChannelStatus.Enabled)
    .execute();
  return [...new Set(rows.flatMap((row) => splitList(row.group)))];
}

/** Model lists of all channels, with their type: the known-model list. */
export function channelModelLists(db: Db): Promise<Pick<ChannelRecord, 'type' | 'models'>[]> {
  return db.selectFrom('channels').select(['type', 'models']).orderBy('id').execute();
}
