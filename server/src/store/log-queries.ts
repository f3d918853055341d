import { LogType } from '@relaygate/contract';
import { sql, type Expression, type ExpressionBuilder, type Selectable, type SqlBool } from 'kysely';
import type { Db, Store } from './db.ts';
import { containsText } from './like.ts';
import type { Database, LogsTable } from './schema.ts';
import { nowSeconds } from './users.ts';

/**
 * What the log list, search and statistics narrow by. Every field is optional; a zero type, channel
 * or timestamp means "any", as in new-api.
 */
export interface LogFilter {
  userId?: number;
  type?: number;
  /** Unix seconds, inclusive. */
  startTimestamp?: number;
  /** Unix seconds, inclusive. */
  endTimestamp?: number;
  username?: string;
  tokenName?: string;
  /** Exact, or a LIKE pattern when it holds a `%` (new-api compares with LIKE). */
  modelName?: string;
  channelId?: number;
  group?: string;
  requestId?: string;
  upstreamRequestId?: string;
  /** Part of the username, token name, model name or content. */
  keyword?: string;
}

export type LogRow = Selectable<LogsTable> & { channel_name?: string | null };

type LogsEb = ExpressionBuilder<Database, 'logs'>;

/** `%` stays a wildcard; `_` and the escape character are taken literally. */
function modelNameCondition(eb: LogsEb, modelName: string): Expression<SqlBool> {
  if (!modelName.includes('%')) return eb('logs.model_name', '=', modelName);
  const pattern = modelName.replace(/[!_]/g, (c) => `!${c}`);
  return sql<SqlBool>`${sql.ref('logs.model_name')} like ${pattern} escape '!'`;
}

function keywordCondition(eb: LogsEb, keyword: string): Expression<SqlBool> {
  return eb.or(
    ['logs.username', 'logs.token_name', 'logs.model_name', 'logs.content'].map((column) =>
      containsText(column, keyword),
    ),
  );
}

/** The filter as SQL conditions; the time bounds only if `withTime`. */
function conditions(eb: LogsEb, filter: LogFilter, withTime = true): Expression<SqlBool>[] {
  const list: Expression<SqlBool>[] = [];
  const equal = (column: keyof LogsTable, value: string | number | undefined) => {
    if (value !== undefined && value !== '' && value !== 0) {
      list.push(sql<SqlBool>`${sql.ref(`logs.${column}`)} = ${value}`);
    }
  };
  equal('user_id', filter.userId);
  equal('type', filter.type);
  equal('username', filter.username);
  equal('token_name', filter.tokenName);
  equal('channel_id', filter.channelId);
  equal('group', filter.group);
  equal('request_id', filter.requestId);
  equal('upstream_request_id', filter.upstreamRequestId);
  if (filter.modelName) list.push(modelNameCondition(eb, filter.modelName));
  if (filter.keyword) list.push(keywordCondition(eb, filter.keyword));
  if (withTime && filter.startTimestamp) list.push(eb('logs.created_at', '>=', filter.startTimestamp));
  if (withTime && filter.endTimestamp) list.push(eb('logs.created_at', '<=', filter.endTimestamp));
  return list;
}

function filtered(db: Db, filter: LogFilter, withTime = true) {
  return db.selectFrom('logs').where((eb) => eb.and(conditions(eb, filter, withTime)));
}

export interface LogPageRequest {
  offset: number;
  limit: number;
  /** Join the channel's name (admins only see channels). */
  withChannelName: boolean;
}

/** One page, newest first (the (created_at, id) index), and the total by count(*). */
export async function listLogs(
  store: Store,
  filter: LogFilter,
  page: LogPageRequest,
): Promise<{ total: number; items: LogRow[] }> {
  const base = filtered(store.logs.db, filter);
  const newestFirst = base
    .orderBy('logs.created_at', 'desc')
    .orderBy('logs.id', 'desc')
    .limit(page.limit)
    .offset(page.offset);
  const items: Promise<LogRow[]> = !page.withChannelName
    ? newestFirst.selectAll('logs').execute()
    : store.logs.apart
      ? newestFirst
          .selectAll('logs')
          .execute()
          .then((rows) => withChannelNames(store.db, rows))
      : newestFirst
          .leftJoin('channels', 'channels.id', 'logs.channel_id')
          .selectAll('logs')
          .select('channels.name as channel_name')
          .execute();
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    items,
  ]);
  return { total: Number(count.n), items: rows };
}

/** The channel names of rows read from a log database apart (the join of the main database's channels). */
async function withChannelNames(db: Db, rows: LogRow[]): Promise<LogRow[]> {
  const ids = [...new Set(rows.map((row) => Number(row.channel_id)))];
  const names = ids.length
    ? await db.selectFrom('channels').select(['id', 'name']).where('id', 'in', ids).execute()
    : [];
  const byId = new Map(names.map((channel) => [Number(channel.id), channel.name]));
  return rows.map((row) => ({ ...row, channel_name: byId.get(Number(row.channel_id)) ?? null }));
}

export interface LogStats {
  quota: number;
  rpm: number;
  tpm: number;
}

/**
 * Over the filtered consumption rows: the quota spent in the filter's time range, and the requests
 * and tokens of the last 60 seconds (whatever the time range).
 */
export async function logStats(db: Db, filter: LogFilter, now = nowSeconds()): Promise<LogStats> {
  const tokens = sql<number>`sum(${sql.ref('logs.prompt_tokens')} + ${sql.ref('logs.completion_tokens')})`;
  const [spent, recent] = await Promise.all([
    filtered(db, filter)
      .where('logs.type', '=', LogType.Consume)
      .select((eb) => eb.fn.sum<number>('logs.quota').as('quota'))
      .executeTakeFirstOrThrow(),
    filtered(db, filter, false)
      .where('logs.type', '=', LogType.Consume)
      .where('logs.created_at', '>=', now - 60)
      .select((eb) => [eb.fn.countAll<number>().as('rpm'), tokens.as('tpm')])
      .executeTakeFirstOrThrow(),
  ]);
  return { quota: Number(spent.quota ?? 0), rpm: Number(recent.rpm ?? 0), tpm: Number(recent.tpm ?? 0) };
}

export const DELETE_BATCH_SIZE = 10_000;

/**
 * Deletes the rows older than `before` (unix seconds) and answers how many went. Each round takes the
 * ids of the oldest `batchSize` rows from the (created_at, id) index and deletes those by primary key,
 * so no statement scans the table or holds its locks for long, however big the table is.
 */
export async function deleteLogsBefore(
  db: Db,
  before: number,
  batchSize = DELETE_BATCH_SIZE,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = await db
      .selectFrom('logs')
      .select('id')
      .where('created_at', '<', before)
      .orderBy('created_at')
      .orderBy('id')
      .limit(batchSize)
      .execute();
    if (batch.length === 0) return deleted;
    const ids = batch.map((row) => row.id);
    const result = await db.deleteFrom('logs').where('id', 'in', ids).executeTakeFirst();
    deleted += Number(result.numDeletedRows);
    if (batch.length < batchSize) return deleted;
  }
}
