/** Which gateway wrote the source database, read from its tables and columns alone. */
export type Flavour = 'new-api' | 'one-api';

export class UnknownSchemaError extends Error {}

/** Columns every version of both gateways has, since their first releases. */
const REQUIRED: Record<string, string[]> = {
  users: ['id', 'username', 'password', 'role', 'status', 'quota'],
  tokens: ['id', 'user_id', 'key', 'status', 'remain_quota'],
  channels: ['id', 'type', 'key', 'status', 'models'],
  options: ['key', 'value'],
};

/**
 * new-api is told apart by columns one-api never had (tokens.model_limits, users.aff_count);
 * one-api by its own (channels.config, users.lark_id) or by lacking new-api's.
 */
export function detectFlavour(columns: Map<string, Set<string>>): Flavour {
  const missingTables = Object.keys(REQUIRED).filter((table) => !columns.has(table));
  if (missingTables.length === Object.keys(REQUIRED).length) {
    throw new UnknownSchemaError(
      'the source is neither a new-api nor a one-api database: it has none of the tables users, tokens, channels, options',
    );
  }
  if (missingTables.length > 0) {
    throw new UnknownSchemaError(
      `unknown schema: the source lacks the table(s) ${missingTables.join(', ')} that every new-api and one-api version has`,
    );
  }
  const missing = Object.entries(REQUIRED).flatMap(([table, needed]) =>
    needed.filter((column) => !columns.get(table)!.has(column)).map((column) => `${table}.${column}`),
  );
  if (missing.length > 0) {
    throw new UnknownSchemaError(`unknown schema: the source lacks the column(s) ${missing.join(', ')}`);
  }
  const has = (table: string, column: string) => columns.get(table)?.has(column) ?? false;
  if (has('tokens', 'model_limits') || has('users', 'aff_count')) return 'new-api';
  return 'one-api';
}
