/** What several migrations share: the id column, indexes and column types, spelled per dialect. */
import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';

// Migrations see the database as it was when they were written, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Table = CreateTableBuilder<string, any>;

/** An auto-increment integer primary key, spelled per dialect. */
export function withId(table: Table, dialect: DialectName): Table {
  if (dialect === 'postgres') return table.addColumn('id', 'bigserial', (c) => c.primaryKey());
  if (dialect === 'mysql') return table.addColumn('id', 'bigint', (c) => c.primaryKey().autoIncrement());
  return table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function index(db: AnyDb, table: string, columns: string[], unique = false): Promise<void> {
  let builder = db.schema
    .createIndex(`idx_${table}_${columns.join('_')}`)
    .on(table)
    .columns(columns);
  if (unique) builder = builder.unique();
  await builder.execute();
}

/** The column types of a dialect. */
export function columnTypes(dialect: DialectName) {
  return {
    // MySQL's `text` stops at 64 KB (price tables outgrow it); longtext matches the other dialects.
    text: dialect === 'mysql' ? sql`longtext` : sql`text`,
    str: (n: number) => sql`varchar(${sql.raw(String(n))})`,
    // Keys, codes and names compare case-sensitively everywhere (MySQL's default collation does not).
    exact: (n: number) =>
      dialect === 'mysql'
        ? sql`varchar(${sql.raw(String(n))}) collate utf8mb4_bin`
        : sql`varchar(${sql.raw(String(n))})`,
  };
}
