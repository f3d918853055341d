import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../support/relay-seed.ts';
import { spawnGateway } from '../support/spawn-gateway.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';

const ACCESS_TOKEN = 'shutdowntesttoken0123456789abcd';

/** The session cookie of a root login sent with these headers. */
async function sessionCookie(url: string, headers: Record<string, string>): Promise<string> {
  const response = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ username: 'root', password: '123456' }),
  });
  expect(((await response.json()) as { success: boolean }).success).toBe(true);
  return response.headers.getSetCookie().find((line) => line.startsWith('session='))!;
}

describe.skipIf(databaseUnavailable())('the session cookie is Secure over HTTPS', () => {
  let trusting: TestServer;
  let direct: TestServer;

  beforeAll(async () => {
    trusting = await startTestServer({ TRUST_PROXY: 'true' });
    direct = await startTestServer();
  });
  afterAll(async () => {
    await trusting?.close();
    await direct?.close();
  });

  it('behind a trusted proxy that says https', async () => {
    const cookie = await sessionCookie(trusting.url, { 'x-forwarded-proto': 'https' });
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
  });

  it('not over plain HTTP, nor when an untrusted client claims https', async () => {
    expect(await sessionCookie(trusting.url, {})).not.toMatch(/Secure/i);
    const spoofed = await sessionCookie(direct.url, { 'x-forwarded-proto': 'https' });
    expect(spoofed).not.toMatch(/Secure/i);
    expect(spoofed).toMatch(/HttpOnly/i);
  });
});

describe.skipIf(databaseUnavailable())('SIGTERM to the cluster primary', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('ends it cleanly while its workers are busy passing changes over IPC', async () => {
    for (let round = 0; round < 2; round++) {
      const gateway = await spawnGateway(db, { WORKERS: '2', INITIAL_ROOT_ACCESS_TOKEN: ACCESS_TOKEN });
      const exited = once(gateway.process, 'exit');
      let running = true;
      let made = 0;
      void exited.then(() => (running = false));
      // Every option change is relayed by the primary to the other worker, right up to the end.
      const changes = (async () => {
        for (let i = 0; running; i++, made++) {
          await fetch(`${gateway.url}/api/option/`, {
            method: 'PUT',
            headers: {
              authorization: `Bearer ${ACCESS_TOKEN}`,
              'New-Api-User': '1',
              'content-type': 'application/json',
            },
            body: JSON.stringify({ key: 'SystemName', value: `round ${round} change ${i}` }),
          }).catch(() => undefined);
        }
      })();
      await waitFor(
        async () => made,
        (count) => count >= 5 + 20 * round,
        'changes under way',
      );
      gateway.process.kill('SIGTERM');
      const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null];
      await changes;
      expect({ code, signal }).toEqual({ code: 0, signal: null });
      expect(gateway.output()).not.toMatch(/ERR_IPC_CHANNEL_CLOSED|Unhandled|uncaught/i);
    }
    // A bound, not a speed check: each round starts a primary and two workers from the sources,
    // which took 40 s on MariaDB with three test files at a time on two cores.
  }, 180_000);
});
