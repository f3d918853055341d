import { sql, type Expression, type SqlBool } from 'kysely';

/** `column LIKE %text%` with the user's % and _ taken literally, in all three dialects. */
export function containsText(column: string, text: string): Expression<SqlBool> {
  const pattern = `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
  return sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '!'`;
}
