/**
 * Whether an error means the database could not be reached or did not answer in time (as opposed
 * to a query it refused): the caller is told to retry later (HTTP 503), and the connection that
 * failed is discarded rather than reused. Covers pg, mysql2 and the Node socket layer below them.
 */

/** Socket and DNS failures, and mysql2's connection-level codes. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  'PROTOCOL_ENQUEUE_AFTER_QUIT',
  // MySQL/MariaDB refusing connections or ending a statement that ran too long.
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_QUERY_TIMEOUT',
  'ER_STATEMENT_TIMEOUT',
  // Ours: refused at once while the database is known to be away (database-health.ts).
  'DATABASE_AWAY',
]);

/**
 * PostgreSQL SQLSTATE classes and codes: 08 connection exception, 57014 query canceled (the
 * statement_timeout), 57P01-57P03 shutting down or starting up, 53300 too many connections.
 */
const PG_UNAVAILABLE_STATE = /^(08...|57014|57P0[1-3]|53300)$/;

/** pg's own messages, which carry no code. */
const PG_UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Connection timeout/i;

function hasUnavailableCode(error: { code?: unknown; fatal?: unknown; message?: unknown }): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  if (UNAVAILABLE_CODES.has(code) || PG_UNAVAILABLE_STATE.test(code)) return true;
  // mysql2 marks every error that ends its connection as fatal.
  if (error.fatal === true) return true;
  return typeof error.message === 'string' && PG_UNAVAILABLE_MESSAGE.test(error.message);
}

export function isDatabaseUnavailable(error: unknown): boolean {
  // Follow `cause` and AggregateError (Node's connect attempts to each address) a few levels deep.
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length > 0 && seen < 8; seen++) {
    const current = pending.shift();
    if (!current || typeof current !== 'object') continue;
    if (hasUnavailableCode(current)) return true;
    const { cause, errors } = current as { cause?: unknown; errors?: unknown };
    if (cause) pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return false;
}
