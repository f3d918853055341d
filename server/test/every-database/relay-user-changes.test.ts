import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleClient, userWithRole, signInAsRoot } from '../support/console-client.ts';
import { MockUpstream } from '../support/mock-upstream.ts';
import { seedChannel, seedToken } from '../support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';

const ANSWER = {
  id: 'c1',
  object: 'chat.completion',
  model: 'gpt-4o-mini',
  choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 },
};

/** Console changes to a user reach the relay at once, not after the cache expires. */
describe.skipIf(databaseUnavailable())('the relay follows console changes to users and keys', () => {
  let t: TestServer;
  let mock: MockUpstream;
  let root: ConsoleClient;
  beforeAll(async () => {
    mock = await new MockUpstream().start();
    mock.reply('/v1/chat/completions', { json: ANSWER });
    t = await startTestServer({ SYNC_FREQUENCY: '3600' });
    await seedChannel(t, { baseUrl: mock.url, models: ['gpt-4o-mini'] });
    root = await signInAsRoot(t.url);
  });
  afterAll(async () => {
    await t?.close();
    await mock?.stop();
  });

  const call = (key: string) =>
    new OpenAI({ apiKey: key, baseURL: `${t.url}/v1`, maxRetries: 0 }).chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hi' }],
    });

  it('a user disabled in the console is refused on the next call, and served again once enabled', async () => {
    const user = await userWithRole(root, 'relayuser', 1);
    await root.put('/api/user/', { id: user.userId, quota: 1_000_000 });
    const { key } = await seedToken(t, { userId: user.userId });
    await expect(call(key)).resolves.toMatchObject({ choices: [{ message: { content: 'ok' } }] });

    expect((await root.post('/api/user/manage', { id: user.userId, action: 'disable' })).body.success).toBe(
      true,
    );
    await expect(call(key)).rejects.toMatchObject({ status: 403 });
    expect((await root.post('/api/user/manage', { id: user.userId, action: 'enable' })).body.success).toBe(
      true,
    );
    await expect(call(key)).resolves.toBeDefined();
  });

  it('a deleted user and a deleted key stop working at once', async () => {
    const user = await userWithRole(root, 'gone1', 1);
    await root.put('/api/user/', { id: user.userId, quota: 1_000_000 });
    const { key } = await seedToken(t, { userId: user.userId });
    await expect(call(key)).resolves.toBeDefined();
    expect((await root.post('/api/user/manage', { id: user.userId, action: 'delete' })).body.success).toBe(
      true,
    );
    await expect(call(key)).rejects.toMatchObject({ status: 401 });

    const created = await root.post<Array<{ id: number; key: string }>>('/api/token/', {
      name: 'console key',
      unlimited_quota: true,
    });
    expect(created.body.success).toBe(true);
    const token = created.body.data![0]!;
    await expect(call(`sk-${token.key}`)).resolves.toBeDefined();
    expect((await root.delete(`/api/token/${token.id}`)).body.success).toBe(true);
    await expect(call(`sk-${token.key}`)).rejects.toMatchObject({ status: 401 });
  });

  it('a channel disabled in the console is no longer chosen', async () => {
    const { key } = await seedToken(t);
    const channels = await root.get<Array<{ id: number }>>('/api/channel/');
    const id = channels.body.data![0]!.id;
    expect((await root.put('/api/channel/', { id, status: 2 })).body.success).toBe(true);
    await expect(call(key)).rejects.toMatchObject({ status: 503 });
    expect((await root.put('/api/channel/', { id, status: 1 })).body.success).toBe(true);
    await expect(call(key)).resolves.toBeDefined();
  });
});
