import type { Migration } from 'kysely/migration';
import type { DialectName } from '../dialect.ts';
import { index, type AnyDb } from './helpers.ts';

/** The columns of the logs indexes dropped (each named idx_logs_<columns joined by _>). */
const LOG_INDEXES = [['model_name'], ['user_id', 'id'], ['token_id']];

/**
 * Indexes every call paid for and no query needed, dropped from the main database:
 * - on logs, where a row is inserted per call: `idx_logs_model_name`, as
 *   `idx_logs_model_name_username` serves every filter on the model alone, as its first column;
 *   `idx_logs_user_id_id`, as a user's logs are listed newest first by (created_at, id), which
 *   `idx_logs_user_id_created_at_id` serves; and `idx_logs_token_id`, as nothing looks logs up by token;
 * - `idx_reservations_user_id` and `idx_reservations_token_id`: a reservation row is inserted and
 *   deleted per call, and only an admin's balance edit asks what a user or token holds; it sums
 *   the calls in flight, a table of a few thousand rows at most, read without them.
 * The log database (LOG_SQL_DSN) keeps its indexes: it may hold new-api's own logs table, and its
 * rows are written by the log mover off the request path.
 */
export function fewerWriteIndexes(dialect: DialectName): Migration {
  const drop = (db: AnyDb, name: string, table: string) => {
    const statement = db.schema.dropIndex(name);
    // MySQL names an index within its table; the others within the schema, where `on` is an error.
    return (dialect === 'mysql' ? statement.on(table) : statement).execute();
  };
  return {
    async up(db: AnyDb) {
      for (const name of LOG_INDEXES) await drop(db, `idx_logs_${name.join('_')}`, 'logs');
      await drop(db, 'idx_reservations_user_id', 'reservations');
      await drop(db, 'idx_reservations_token_id', 'reservations');
    },
    async down(db: AnyDb) {
      for (const columns of LOG_INDEXES) await index(db, 'logs', columns);
      await index(db, 'reservations', ['user_id']);
      await index(db, 'reservations', ['token_id']);
    },
  };
}
