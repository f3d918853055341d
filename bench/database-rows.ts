/**
 * Rows of the gateway as a user runs it with a database server or Redis: SQL_DSN on a fresh
 * PostgreSQL database (W=1 and W=2), and the limits counted in Redis (REDIS_CONN_STRING).
 */
import {
  BENCH_REDIS_URL,
  benchRedisPrefix,
  createBenchDatabase,
  deleteRedisKeys,
  redisAnswers,
  type BenchDatabase,
} from './databases.ts';
import { startGateway } from './gateway.ts';
import { enableLimits, SENSITIVE_WORDS } from './limits-cost.ts';
import type { Mode } from './load.ts';
import { gatewayServer, type Session } from './measure.ts';

const MODES: Mode[] = ['json', 'sse'];

/**
 * The gateway on PostgreSQL at each of `workers`, each on its own fresh database, JSON and SSE at
 * 50 connections; answers the names of the gateways measured (none when PostgreSQL is not there).
 */
export async function measurePostgres(
  session: Session,
  mockUrl: string,
  workers: number[],
): Promise<string[]> {
  const names: string[] = [];
  for (const w of workers) {
    let database: BenchDatabase;
    try {
      database = await createBenchDatabase('postgres');
    } catch (error) {
      session.notes.push(
        `PostgreSQL rows skipped: no database could be created (${error instanceof Error ? error.message : error}); ` +
          'set BENCH_POSTGRES_URL to a server the bench may create databases on',
      );
      return names;
    }
    const name = `gateway W=${w} PostgreSQL`;
    try {
      const gw = await startGateway(mockUrl, w, undefined, { SQL_DSN: database.dsn });
      try {
        for (const mode of MODES) await session.measured(gatewayServer(gw, name), mode, 50);
        names.push(name);
      } finally {
        await session.finishGateway(gw, name);
      }
    } finally {
      await database.drop();
    }
  }
  session.notes.push(
    '"PostgreSQL": the gateway with SQL_DSN on a fresh PostgreSQL database of its own (created and dropped ' +
      'by the bench; BENCH_POSTGRES_URL names the server), default pool settings',
  );
  return names;
}

/**
 * A W=1 gateway whose limits are counted in Redis (REDIS_CONN_STRING, a key prefix of its own),
 * every limit on as in the "limits on" row; its CPU per request beside that row is what Redis costs.
 */
export async function measureRedisLimits(session: Session, mockUrl: string): Promise<void> {
  if (!(await redisAnswers())) {
    session.notes.push(`"limits in Redis" skipped: no Redis at ${BENCH_REDIS_URL} (set BENCH_REDIS_URL)`);
    return;
  }
  const prefix = benchRedisPrefix();
  const name = `gateway W=1 limits in Redis, ${SENSITIVE_WORDS} words`;
  const gw = await startGateway(mockUrl, 1, undefined, {
    REDIS_CONN_STRING: BENCH_REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
  });
  try {
    await enableLimits(gw);
    await session.measured(gatewayServer(gw, name), 'json', 50);
    session.notes.push(
      `"limits in Redis": the limits of "limits on" counted in Redis (REDIS_CONN_STRING=${BENCH_REDIS_URL}); ` +
        'compare its CPU per request and ratio with "limits on"',
    );
  } finally {
    await session.finishGateway(gw, name);
    await deleteRedisKeys(prefix).catch(() => {});
  }
}
