import { sql } from 'kysely';
import type { Store } from '../store/db.ts';

/**
 * The longest text each column of a target table takes (varchar widths), where the engine enforces
 * them: PostgreSQL refuses a longer value, MySQL in strict mode too. SQLite enforces none.
 */
export async function columnWidths(target: Store, table: string): Promise<Map<string, number>> {
  if (target.dialect === 'sqlite') return new Map();
  const schema = target.dialect === 'postgres' ? sql`current_schema()` : sql`database()`;
  const rows = await sql<{ column_name: string; width: number | string | null }>`
    select column_name as column_name, character_maximum_length as width
    from information_schema.columns
    where table_schema = ${schema} and table_name = ${table}`.execute(target.db);
  const widths = new Map<string, number>();
  for (const row of rows.rows) {
    const width = Number(row.width);
    // text columns report no width (PostgreSQL) or a huge one (MySQL's longtext).
    if (row.width !== null && width > 0 && width < 65_536) widths.set(row.column_name.toLowerCase(), width);
  }
  return widths;
}

/** The first column whose value is longer than the column takes, with its width. */
export function tooLong(row: Record<string, unknown>, widths: Map<string, number>): string | undefined {
  for (const [column, width] of widths) {
    const value = row[column];
    if (typeof value === 'string' && [...value].length > width)
      return `its ${column} is longer than ${width} characters`;
  }
  return undefined;
}
