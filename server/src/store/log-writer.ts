/**
 * The one writer of log rows (consumption, error, top-up, manage and system rows): every row the
 * gateway logs goes through here, inside the caller's transaction when one is given, so that a
 * row that records money commits with the money.
 */
import type SQLite from 'better-sqlite3';
import type { Insertable } from 'kysely';
import type { Db, Store } from './db.ts';
import type { LogsTable } from './schema.ts';
import { preparedOnce } from './sqlite-statements.ts';
import { nowSeconds } from './users.ts';

export type NewLog = Omit<Insertable<LogsTable>, 'created_at'> & { created_at?: number };

/** A few hundred rows per statement keeps every dialect under its parameter limit. */
const ROWS_PER_STATEMENT = 200;

/** Writes log rows, with `db` the caller's transaction when the rows belong to one. */
export async function writeLogs(store: Store, rows: readonly NewLog[], db: Db = store.db): Promise<void> {
  if (rows.length === 0) return;
  const now = nowSeconds();
  const values = rows.map((row) => ({ created_at: now, ...row }));
  for (let start = 0; start < values.length; start += ROWS_PER_STATEMENT) {
    await db
      .insertInto('logs')
      .values(values.slice(start, start + ROWS_PER_STATEMENT))
      .execute();
  }
}

/** Writes one log row (see writeLogs). */
export function writeLog(store: Store, row: NewLog, db: Db = store.db): Promise<void> {
  return writeLogs(store, [row], db);
}

const LOG_COLUMNS = [
  'user_id',
  'created_at',
  'type',
  'content',
  'username',
  'token_name',
  'model_name',
  'quota',
  'prompt_tokens',
  'completion_tokens',
  'use_time',
  'is_stream',
  'channel_id',
  'token_id',
  'group',
  'ip',
  'request_id',
  'upstream_request_id',
  'other',
] as const;

const TEXT_COLUMNS = new Set([
  'username',
  'token_name',
  'model_name',
  'group',
  'ip',
  'request_id',
  'upstream_request_id',
]);

/** The column defaults of the logs table, for fields a row leaves out. */
function defaultFor(column: (typeof LOG_COLUMNS)[number]): string | number | null {
  if (column === 'content' || column === 'other') return null;
  return TEXT_COLUMNS.has(column) ? '' : 0;
}

const statementFor = preparedOnce((db: SQLite.Database) =>
  db.prepare(
    `INSERT INTO logs (${LOG_COLUMNS.map((c) => `"${c}"`).join(', ')}) VALUES (${LOG_COLUMNS.map(() => '?').join(', ')})`,
  ),
);

/**
 * writeLogs for the SQLite settlement, with the insert prepared once per database: the caller
 * holds the connection and its open transaction (see settle-batch.ts).
 */
export function writeLogsPrepared(sqlite: SQLite.Database, rows: readonly NewLog[]): void {
  const statement = statementFor(sqlite);
  const now = nowSeconds();
  for (const row of rows) {
    const full = { created_at: now, ...row } as Record<string, unknown>;
    statement.run(
      LOG_COLUMNS.map((column) => (full[column] === undefined ? defaultFor(column) : full[column])),
    );
  }
}
