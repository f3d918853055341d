import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';

export type TestDbKind = 'sqlite' | 'postgres' | 'mysql';

export const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const MYSQL_ADMIN_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/';

export interface TestDatabase {
  kind: TestDbKind;
  sqlDsn: string;
  sqlitePath: string;
  drop(): Promise<void>;
}

export const testDbKind = (): TestDbKind => (process.env.TEST_DB as TestDbKind | undefined) ?? 'sqlite';

function withDatabase(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A brand-new, empty database of the kind under test, dropped by `drop()`. */
export async function createTestDatabase(kind: TestDbKind = testDbKind()): Promise<TestDatabase> {
  const name = `rg_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'relaygate-test-'));
    return {
      kind,
      sqlDsn: '',
      sqlitePath: join(dir, 'test.db'),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    return {
      kind,
      sqlDsn: withDatabase(POSTGRES_ADMIN_URL, name),
      sqlitePath: '',
      async drop() {
        const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const admin = await mysql.createConnection(MYSQL_ADMIN_URL);
  await admin.query(`create database ${name} character set utf8mb4 collate utf8mb4_unicode_ci`);
  await admin.end();
  return {
    kind,
    sqlDsn: withDatabase(MYSQL_ADMIN_URL, name),
    sqlitePath: '',
    async drop() {
      const c = await mysql.createConnection(MYSQL_ADMIN_URL);
      await c.query(`drop database if exists ${name}`);
      await c.end();
    },
  };
}

/** Whether the server for this kind answers; SQLite always does. */
export async function databaseReachable(kind: TestDbKind): Promise<boolean> {
  try {
    if (kind === 'postgres') {
      const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
      await c.connect();
      await c.end();
    } else if (kind === 'mysql') {
      const c = await mysql.createConnection({ uri: MYSQL_ADMIN_URL, connectTimeout: 3000 });
      await c.end();
    }
    return true;
  } catch {
    return false;
  }
}
