/**
 * The logs table (new-api's columns), created by the initial migration in the main database and
 * by the log database's own first migration; log_outbox has the same columns.
 */
import type { DialectName } from '../dialect.ts';
import { columnTypes, index, withId, type AnyDb, type Table } from './helpers.ts';

/** A log row's columns after its id. */
export function withLogColumns(table: Table, dialect: DialectName): Table {
  const { text, str, exact } = columnTypes(dialect);
  return table
    .addColumn('user_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('content', text)
    .addColumn('username', exact(64), (c) => c.notNull().defaultTo(''))
    .addColumn('token_name', str(255), (c) => c.notNull().defaultTo(''))
    .addColumn('model_name', str(255), (c) => c.notNull().defaultTo(''))
    .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('prompt_tokens', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('completion_tokens', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('use_time', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_stream', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('channel_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('token_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('group', str(64), (c) => c.notNull().defaultTo(''))
    .addColumn('ip', str(64), (c) => c.notNull().defaultTo(''))
    .addColumn('request_id', str(64), (c) => c.notNull().defaultTo(''))
    .addColumn('upstream_request_id', str(128), (c) => c.notNull().defaultTo(''))
    .addColumn('other', text);
}

/** The logs table and its indexes. */
export async function createLogsTable(db: AnyDb, dialect: DialectName): Promise<void> {
  await withLogColumns(withId(db.schema.createTable('logs'), dialect), dialect).execute();
  await index(db, 'logs', ['created_at', 'id']);
  await index(db, 'logs', ['user_id', 'id']);
  await index(db, 'logs', ['user_id', 'created_at', 'id']);
  await index(db, 'logs', ['created_at', 'type']);
  await index(db, 'logs', ['model_name', 'username']);
  const logColumns = [
    'username',
    'token_name',
    'model_name',
    'channel_id',
    'token_id',
    'group',
    'request_id',
    'upstream_request_id',
  ];
  for (const column of logColumns) {
    await index(db, 'logs', [column]);
  }
}
