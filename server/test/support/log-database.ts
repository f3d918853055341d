import type { Store } from '../../src/store/db.ts';
import { outboxDepth } from '../../src/store/log-outbox.ts';
import { TcpProxy } from './tcp-proxy.ts';
import { createTestDatabase, testDbKind, type TestDatabase, type TestDbKind } from './test-database.ts';

/** The engine of the log database beside a main database of `main`: never the same engine. */
export const logKindBeside = (main: TestDbKind = testDbKind()): TestDbKind =>
  main === 'postgres' ? 'sqlite' : 'postgres';

/** A log database for LOG_SQL_DSN; a server one behind a proxy, so a test can take it away. */
export interface TestLogDatabase {
  db: TestDatabase;
  dsn: string;
  proxy?: TcpProxy;
  close(): Promise<void>;
}

export async function createLogDatabase(kind: TestDbKind = logKindBeside()): Promise<TestLogDatabase> {
  const db = await createTestDatabase(kind);
  if (kind === 'sqlite') {
    return { db, dsn: `sqlite:${db.sqlitePath}`, close: () => db.drop() };
  }
  const proxy = await TcpProxy.before(db.sqlDsn);
  return {
    db,
    dsn: proxy.rewrite(db.sqlDsn),
    proxy,
    async close() {
      proxy.restore();
      await proxy.close();
      await db.drop();
    },
  };
}

/** Rows waiting in the main database's outbox. */
export const outboxOf = (store: Store) => outboxDepth(store);
