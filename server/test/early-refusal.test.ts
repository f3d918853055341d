import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processMemory, sendLargeBody } from './support/body-flood.ts';
import { signInAsRoot } from './support/console-client.ts';
import { spawnGateway, type SpawnedGateway } from './support/spawn-gateway.ts';
import { createTestDatabase, type TestDatabase } from './support/test-database.ts';
import { seedToken } from './support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

const MB = 1024 * 1024;
const BAD_KEY = { authorization: 'Bearer sk-this-key-does-not-exist' };

describe.skipIf(databaseUnavailable())('bodies with a bad key are refused before they are read', () => {
  let db: TestDatabase;
  let gateway: SpawnedGateway;

  beforeAll(async () => {
    db = await createTestDatabase();
    gateway = await spawnGateway(db, { WORKERS: '1', MAX_REQUEST_BODY_MB: '128' });
  }, 60_000);
  afterAll(async () => {
    await gateway?.stop();
    await db?.drop();
  });

  it('answers eight concurrent 100 MB relay bodies with 401 and keeps its memory', async () => {
    const pid = gateway.process.pid!;
    const before = processMemory(pid);
    const statuses = await Promise.all(
      Array.from({ length: 8 }, () => sendLargeBody(`${gateway.url}/v1/chat/completions`, BAD_KEY, 100)),
    );
    expect(statuses).toEqual(Array(8).fill(401));
    const after = processMemory(pid);
    // Before this change the process peaked 1.3 GB above its start; a generous bound for noise.
    expect(after.peak - before.rss).toBeLessThan(100 * MB);
    expect((await fetch(`${gateway.url}/api/status`)).ok).toBe(true);
  }, 120_000);

  it('answers 100 MB console bodies without a session with 401 and keeps its memory', async () => {
    const pid = gateway.process.pid!;
    const before = processMemory(pid);
    const statuses = await Promise.all(
      ['/api/channel/', '/api/token/', '/api/user/', '/api/user/manage'].map((path) =>
        sendLargeBody(`${gateway.url}${path}`, {}, 100),
      ),
    );
    expect(statuses).toEqual([401, 401, 401, 401]);
    expect(processMemory(pid).peak - before.rss).toBeLessThan(100 * MB);
  }, 120_000);
});

describe.skipIf(databaseUnavailable())('the key is checked before the body is parsed', () => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (path: string, headers: Record<string, string>, body: string) =>
    fetch(`${t.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  it('a bad key with a broken body is a 401 in the caller format, a good key with it a 400', async () => {
    const broken = '{"model": "gpt-4o-mini", "messages": [';
    const refused = await post('/v1/chat/completions', BAD_KEY, broken);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { code: 'invalid_api_key' } });
    const anthropic = await post('/v1/messages', { 'x-api-key': 'sk-nope' }, broken);
    expect(anthropic.status).toBe(401);
    expect(await anthropic.json()).toMatchObject({ type: 'error' });
    const gemini = await post('/v1beta/models/gemini-2.0-flash:generateContent?key=nope', {}, broken);
    expect(gemini.status).toBe(401);

    const token = await seedToken(t, { unlimited: true });
    const parsed = await post('/v1/chat/completions', { authorization: `Bearer ${token.key}` }, broken);
    expect(parsed.status).toBe(400);
  });

  it('a console route without a session is a 401 before its body is parsed; with one, the body counts', async () => {
    const refused = await post('/api/channel/', {}, '{"broken":');
    expect(refused.status).toBe(401);
    const root = await signInAsRoot(t.url);
    const parsed = await root.request('POST', '/api/channel/', '{"broken":');
    expect(parsed.status).toBe(400);
    expect(parsed.body.message).toMatch(/not valid JSON/);
  });
});
