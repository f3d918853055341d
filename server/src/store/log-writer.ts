/**
 * The one writer of log rows (consumption, error, top-up, manage and system rows): every row the
 * gateway logs goes through here, inside the caller's transaction when one is given, so that a
 * row that records money commits with the money. When the logs live in a database of their own
 * (LOG_SQL_DSN), the rows go to the main database's log_outbox instead, still in the caller's
 * transaction, and the log mover hands them to insertMovedLogs (see log-outbox.ts).
 */
import { randomUUID } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import { CompiledQuery, type Insertable } from 'kysely';
import type { Db, Store } from './db.ts';
import { fromDbBool, toDbBool, type DialectName } from './dialect.ts';
import type { LogOutboxTable, LogsTable } from './schema.ts';
import { preparedOnce } from './sqlite-statements.ts';
import { nowSeconds } from './users.ts';

export type NewLog = Omit<Insertable<LogsTable>, 'created_at'> & { created_at?: number };

/** A few hundred rows per statement keeps every dialect under its parameter limit. */
const ROWS_PER_STATEMENT = 200;

/** A row as the outbox keeps it: the log row and the key the log database knows it by. */
export type OutboxRow = Insertable<LogOutboxTable>;

/**
 * Writes log rows, with `db` the caller's transaction when the rows belong to one: into `logs`, or
 * into log_outbox when the logs live apart. Without a transaction, the log mover is told at once.
 */
export async function writeLogs(store: Store, rows: readonly NewLog[], db: Db = store.db): Promise<void> {
  if (rows.length === 0) return;
  const now = nowSeconds();
  const apart = store.logs.apart;
  const target = apart ? OUTBOX : LOGS;
  const values = rows.map((row) => logValues(row, now, apart));
  // The statements' text and values built directly: Kysely's query tree for a batch of a few
  // hundred rows cost more than the rest of the settlement (measured on PostgreSQL).
  for (const query of logInserts(store.dialect, target, values)) await db.executeQuery(query);
  if (apart && db === store.db) store.logs.onQueued();
}

/**
 * The inserts of these rows' values. On PostgreSQL one statement of one array per column, whatever
 * the rows: a multi-row VALUES list of a few hundred rows was parsed and planned anew each batch,
 * which cost PostgreSQL more than inserting them (measured: its CPU per logged call 35 -> 15 µs).
 * Elsewhere a few hundred rows per statement, under every dialect's parameter limit.
 */
function logInserts(dialect: DialectName, [table, columns]: Target, values: unknown[][]): CompiledQuery[] {
  if (dialect === 'postgres') {
    const arrays = columns.map((_, i) => values.map((row) => row[i]));
    return [CompiledQuery.raw(unnestInsert(table, columns), arrays)];
  }
  const queries: CompiledQuery[] = [];
  for (let start = 0; start < values.length; start += ROWS_PER_STATEMENT) {
    const part = values.slice(start, start + ROWS_PER_STATEMENT);
    queries.push(CompiledQuery.raw(insertText(dialect, table, columns, part.length), part.flat()));
  }
  return queries;
}

/** The log database's side of a move: outbox rows as log rows, in the mover's transaction there. */
export async function insertMovedLogs(db: Db, rows: readonly OutboxRow[]): Promise<void> {
  // Booleans as 0/1, which every dialect takes (SQLite binds no booleans; PostgreSQL hands them back).
  const values = rows.map(({ row_key: _key, id: _id, ...row }) => ({
    ...row,
    is_stream: toDbBool(fromDbBool(row.is_stream)),
  }));
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

/** Where log rows go: the logs table, or the outbox (with each row's key) when the logs live apart. */
type Target = readonly [table: string, columns: readonly string[]];
const LOGS: Target = ['logs', LOG_COLUMNS];
const OUTBOX: Target = ['log_outbox', [...LOG_COLUMNS, 'row_key']];

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

/**
 * Rows per prepared SQLite insert: one statement for many rows costs far less per row than a
 * statement run per row (measured: about 9 µs a row down to about 5 with every log index).
 */
const SQLITE_ROWS_PER_INSERT = 50;

/** An insert of `rows` rows into these columns, spelled for the dialect. */
function insertText(
  dialect: DialectName,
  table: string,
  columns: readonly string[],
  rows: number,
  verb = 'INSERT INTO',
): string {
  const quote = dialect === 'mysql' ? (name: string) => `\`${name}\`` : (name: string) => `"${name}"`;
  let next = 0;
  const placeholder = dialect === 'postgres' ? () => `$${++next}` : () => '?';
  const values: string[] = [];
  for (let i = 0; i < rows; i++) values.push(`(${columns.map(placeholder).join(', ')})`);
  return `${verb} ${quote(table)} (${columns.map(quote).join(', ')}) VALUES ${values.join(', ')}`;
}

/** PostgreSQL's type of each log column that is not text (the others go as text arrays). */
const PG_TYPES: Partial<Record<(typeof LOG_COLUMNS)[number], string>> = {
  user_id: 'bigint',
  created_at: 'bigint',
  type: 'integer',
  quota: 'bigint',
  prompt_tokens: 'bigint',
  completion_tokens: 'bigint',
  use_time: 'integer',
  is_stream: 'boolean',
  channel_id: 'bigint',
  token_id: 'bigint',
};

/** One row per element of the arrays, one array per column: `$n` is column n's values. */
function unnestInsert(table: string, columns: readonly string[]): string {
  const arrays = columns.map(
    (column, i) => `$${i + 1}::${PG_TYPES[column as keyof typeof PG_TYPES] ?? 'text'}[]`,
  );
  const names = columns.map((column) => `"${column}"`).join(', ');
  return `INSERT INTO "${table}" (${names}) SELECT * FROM unnest(${arrays.join(', ')})`;
}

interface Inserts {
  one: SQLite.Statement;
  many: SQLite.Statement;
}
/**
 * `INSERT OR FAIL`: a failing row stops the statement without undoing the rows before it, so
 * SQLite writes no statement journal (a temporary file) for a multi-row insert; the settlement's
 * transaction undoes the whole batch on any error.
 */
const SQLITE_SETTLEMENT_INSERT = 'INSERT OR FAIL INTO';
const insertsInto =
  ([table, columns]: Target) =>
  (db: SQLite.Database) => ({
    one: db.prepare(insertText('sqlite', table, columns, 1, SQLITE_SETTLEMENT_INSERT)),
    many: db.prepare(insertText('sqlite', table, columns, SQLITE_ROWS_PER_INSERT, SQLITE_SETTLEMENT_INSERT)),
  });

// Each prepared on first use only: a database holds the table it writes to, not always the other.
const logsInserts = preparedOnce(insertsInto(LOGS));
const outboxInserts = preparedOnce(insertsInto(OUTBOX));

/** A row's values in LOG_COLUMNS order (the outbox adds its key), with the table's defaults. */
function logValues(row: NewLog, now: number, apart: boolean): unknown[] {
  const values: unknown[] = [];
  for (const column of LOG_COLUMNS) {
    const value = column === 'created_at' ? (row.created_at ?? now) : row[column];
    values.push(value === undefined ? defaultFor(column) : value);
  }
  if (apart) values.push(randomUUID());
  return values;
}

/**
 * writeLogs for the SQLite settlement, with the inserts prepared once per database: the caller
 * holds the connection and its open transaction (see settle-batch.ts).
 */
export function writeLogsPrepared(store: Store, sqlite: SQLite.Database, rows: readonly NewLog[]): void {
  const apart = store.logs.apart;
  const { one, many }: Inserts = apart ? outboxInserts(sqlite) : logsInserts(sqlite);
  const now = nowSeconds();
  let at = 0;
  for (; at + SQLITE_ROWS_PER_INSERT <= rows.length; at += SQLITE_ROWS_PER_INSERT) {
    many.run(rows.slice(at, at + SQLITE_ROWS_PER_INSERT).flatMap((row) => logValues(row, now, apart)));
  }
  for (; at < rows.length; at++) one.run(logValues(rows[at]!, now, apart));
}
