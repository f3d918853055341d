import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sample, scrape } from '../support/scrape.ts';
import { TcpProxy } from '../support/tcp-proxy.ts';
import { createTestDatabase, testDbKind } from '../support/test-database.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';
import { waitFor } from '../support/wait.ts';

interface Probe {
  status: number;
  body: { status: string; checks?: Record<string, { ok: boolean; [detail: string]: unknown }> };
}

async function probe(url: string): Promise<Probe> {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Probe['body'] };
}

/** Issue #30 item 5: /healthz says the process answers, /readyz whether it can serve. */
describe.skipIf(databaseUnavailable())('health probes', () => {
  let gateway: TestServer;

  beforeAll(async () => {
    gateway = await startTestServer();
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('answers liveness and readiness with every check passing', async () => {
    expect(await probe(`${gateway.url}/healthz`)).toEqual({ status: 200, body: { status: 'ok' } });
    const ready = await probe(`${gateway.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
    expect(ready.body.checks).toMatchObject({
      database: { ok: true },
      change_bus: { ok: true },
      settlements: { ok: true, recovered: true, journal_depth: 0, journal_age_seconds: 0 },
    });
  });

  it('is not ready while the database lacks a migration of this build, and ready again once it has it', async () => {
    const { db } = gateway.server.store;
    const last = await sql<{ name: string; timestamp: string }>`
      select name, timestamp from kysely_migration order by name desc`.execute(db);
    const { name, timestamp } = last.rows[0]!;
    await sql`delete from kysely_migration where name = ${name}`.execute(db);
    const missing = await probe(`${gateway.url}/readyz`);
    expect(missing.status).toBe(503);
    expect(missing.body.status).toBe('not ready');
    expect(missing.body.checks!.database).toEqual({ ok: false, pending_migrations: [name] });
    // Liveness does not depend on the database.
    expect((await probe(`${gateway.url}/healthz`)).status).toBe(200);

    await sql`insert into kysely_migration (name, timestamp) values (${name}, ${timestamp})`.execute(db);
    expect((await probe(`${gateway.url}/readyz`)).status).toBe(200);
  });
});

describe.skipIf(databaseUnavailable() || testDbKind() === 'sqlite')(
  'health probes when the database goes away',
  () => {
    let gateway: TestServer | undefined;
    let proxy: TcpProxy | undefined;

    afterAll(async () => {
      proxy?.restore();
      await gateway?.close();
      await proxy?.close();
    });

    it('turns not ready while the database is away, stays live, and turns ready when it is back', async () => {
      const db = await createTestDatabase();
      proxy = await TcpProxy.before(db.sqlDsn);
      gateway = await startTestServer(
        { SQL_QUERY_TIMEOUT: '1', SQL_MAX_LIFETIME: '0', METRICS_ENABLED: 'true' },
        { ...db, sqlDsn: proxy.rewrite(db.sqlDsn) },
      );
      expect((await probe(`${gateway.url}/readyz`)).status).toBe(200);
      const before = (await scrape(gateway.url)).samples;
      const pool = ['used', 'idle', 'waiting'].map((state) =>
        sample('relaygate_db_pool_connections', { state }),
      );
      expect(pool.every((series) => before.has(series))).toBe(true);
      expect(before.get(pool[0]!)! + before.get(pool[1]!)!).toBeGreaterThan(0);
      const errors = sample('relaygate_db_query_errors_total');

      proxy.cut();
      const away = await waitFor(
        () => probe(`${gateway!.url}/readyz`),
        (answer) => answer.status === 503,
        '/readyz to say not ready',
      );
      expect(away.body.status).toBe('not ready');
      expect(away.body.checks!.database!.ok).toBe(false);
      expect(await probe(`${gateway.url}/healthz`)).toEqual({ status: 200, body: { status: 'ok' } });
      // The metrics tell the same story.
      expect((await scrape(gateway.url)).samples.get(errors)).toBeGreaterThan(before.get(errors)!);

      proxy.restore();
      const back = await waitFor(
        () => probe(`${gateway!.url}/readyz`),
        (answer) => answer.status === 200,
        '/readyz to say ready again',
      );
      expect(back.body.checks!.database).toEqual({ ok: true });
    });
  },
);
