/**
 * The database servers and Redis a bench row runs the gateway against, as a user would: a fresh
 * PostgreSQL or MySQL database of its own (created here, dropped at the end, also on Ctrl-C) named in
 * SQL_DSN, and a Redis key prefix of its own whose keys are deleted at the end.
 */
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { Redis } from 'ioredis';

export type ServerDb = 'postgres' | 'mysql';

/** Admin DSNs: a server the bench may create and drop databases on. */
const ADMIN_URL: Record<ServerDb, string> = {
  postgres: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  mysql: process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/',
};
export const BENCH_REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface BenchDatabase {
  /** The gateway's SQL_DSN. */
  dsn: string;
  drop(): Promise<void>;
}

const live = new Set<BenchDatabase>();

function withDatabase(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onAdmin(kind: ServerDb, statement: string): Promise<void> {
  if (kind === 'postgres') {
    const client = new pg.Client({ connectionString: ADMIN_URL.postgres, connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
    return;
  }
  const connection = await mysql.createConnection({ uri: ADMIN_URL.mysql, connectTimeout: 5000 });
  try {
    await connection.query(statement);
  } finally {
    await connection.end();
  }
}

/** A new empty database on the server of `kind`; throws when the server does not answer. */
export async function createBenchDatabase(kind: ServerDb): Promise<BenchDatabase> {
  const name = `rg_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await onAdmin(
    kind,
    kind === 'postgres'
      ? `create database ${name}`
      : `create database ${name} character set utf8mb4 collate utf8mb4_unicode_ci`,
  );
  const database: BenchDatabase = {
    dsn: withDatabase(ADMIN_URL[kind], name),
    async drop() {
      live.delete(database);
      await onAdmin(
        kind,
        kind === 'postgres'
          ? `drop database if exists ${name} with (force)`
          : `drop database if exists ${name}`,
      );
    },
  };
  live.add(database);
  return database;
}

/** Drops every database still there (on error or Ctrl-C). */
export async function dropBenchDatabases(): Promise<void> {
  await Promise.allSettled([...live].map((database) => database.drop()));
}

/** A Redis key prefix no other process uses (Redis may be shared). */
export const benchRedisPrefix = () => `rgbench:${randomBytes(4).toString('hex')}:`;

async function onRedis<T>(work: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis(BENCH_REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return await work(redis);
  } finally {
    redis.disconnect();
  }
}

/** Whether the bench's Redis answers a PING. */
export function redisAnswers(): Promise<boolean> {
  return onRedis(async (redis) => (await redis.ping()) === 'PONG').catch(() => false);
}

/** Deletes the keys a bench gateway left under its prefix. */
export function deleteRedisKeys(prefix: string): Promise<void> {
  return onRedis(async (redis) => {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  });
}
