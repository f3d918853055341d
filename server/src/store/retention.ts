/**
 * The retention deletes: rows older than a cut-off go in small batches, each one statement of its
 * own (autocommit), so no lock is held beyond one batch and the relay's writes go on between them.
 * MariaDB takes `DELETE … ORDER BY id LIMIT n`; PostgreSQL and SQLite delete the ids of a limited
 * sub-select (MariaDB refuses LIMIT inside IN).
 */
import { LogType } from '@relaygate/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Store } from './db.ts';
import { FINISHED_STATUSES } from './task-money.ts';

/** What a retention rule deletes: its table and which of its rows are old enough. */
interface RetentionTarget {
  table: 'logs' | 'quota_data' | 'tasks' | 'midjourneys';
  /** The condition of a row to delete, given the cut-off in unix seconds. */
  old: (before: number) => RawBuilder<unknown>;
}

const finished = sql.join(FINISHED_STATUSES.map((status) => sql.lit(status)));

export const RETENTION_TARGETS = {
  /** Consumption and error rows only: top-ups, refunds, admin and system rows stay. */
  logs: {
    table: 'logs',
    old: (before) =>
      sql`type in (${sql.lit(LogType.Consume)}, ${sql.lit(LogType.Error)}) and created_at < ${before}`,
  },
  quotaData: { table: 'quota_data', old: (before) => sql`created_at < ${before}` },
  /** Finished tasks only: an unfinished one still holds its charge until the poller settles it. */
  tasks: { table: 'tasks', old: (before) => sql`created_at < ${before} and status in (${finished})` },
  /** Drawings keep new-api's submit time in milliseconds. */
  midjourneys: {
    table: 'midjourneys',
    old: (before) => sql`submit_time < ${before * 1000} and status in (${finished})`,
  },
} satisfies Record<string, RetentionTarget>;

export type RetentionTargetName = keyof typeof RETENTION_TARGETS;

/** Deletes at most `limit` of the oldest matching rows (by id) in one statement; answers how many. */
export async function deleteOldBatch(
  store: Store,
  target: RetentionTargetName,
  before: number,
  limit: number,
): Promise<number> {
  const { table, old } = RETENTION_TARGETS[target] as RetentionTarget;
  const name = sql.table(table);
  const condition = old(before);
  const query =
    (table === 'logs' ? store.logs.dialect : store.dialect) === 'mysql'
      ? sql`delete from ${name} where ${condition} order by id limit ${sql.lit(limit)}`
      : sql`delete from ${name} where id in (select id from ${name} where ${condition} order by id limit ${sql.lit(limit)})`;
  // Log rows live in the log database when LOG_SQL_DSN gives them one (store.logs is the main one otherwise).
  const result = await query.execute(table === 'logs' ? store.logs.db : store.db);
  return Number(result.numAffectedRows ?? 0);
}
