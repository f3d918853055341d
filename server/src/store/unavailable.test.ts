import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.ts';

const withCode = (message: string, code: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), { code, ...extra });

describe('isDatabaseUnavailable', () => {
  it('recognises lost, refused and timed-out connections of every driver', () => {
    const unavailable = [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      withCode('connect ETIMEDOUT', 'ETIMEDOUT', { fatal: true }),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
      new Error('Client has encountered a connection error and is not queryable'),
      withCode('canceling statement due to statement timeout', '57014'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      withCode('sorry, too many clients already', '53300'),
      withCode('Connection lost: The server closed the connection.', 'PROTOCOL_CONNECTION_LOST', {
        fatal: true,
      }),
      withCode('Query inactivity timeout', 'PROTOCOL_SEQUENCE_TIMEOUT'),
      withCode("Can't add new command when connection is in closed state", 'SOMETHING', { fatal: true }),
      withCode('Too many connections', 'ER_CON_COUNT_ERROR'),
      new AggregateError([withCode('connect ECONNREFUSED ::1:3306', 'ECONNREFUSED')], 'connect failed'),
      new Error('query failed', { cause: withCode('read ECONNRESET', 'ECONNRESET') }),
    ];
    for (const error of unavailable) expect(isDatabaseUnavailable(error), error.message).toBe(true);
  });

  it('leaves errors of the query itself, and non-errors, alone', () => {
    const other: unknown[] = [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('syntax error at or near "selec"', '42601'),
      withCode("Duplicate entry 'a' for key 'username'", 'ER_DUP_ENTRY', { fatal: false }),
      withCode('UNIQUE constraint failed: users.username', 'SQLITE_CONSTRAINT_UNIQUE'),
      new Error('the user quota is used up'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      'ECONNREFUSED',
      null,
      undefined,
    ];
    for (const error of other) expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });
});
