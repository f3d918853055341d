import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleClient, userWithRole, signInAsRoot } from './support/console-client.ts';
import { fixtureChunks, fixtureJson, fixturesAvailable } from './support/fixtures.ts';
import { MockUpstream } from './support/mock-upstream.ts';
import { consumeLogs, expectedQuota, seedChannel, waitFor } from './support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

const CHAT = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };
type Usage = { prompt_tokens: number; completion_tokens: number };

describe.skipIf(databaseUnavailable() || !fixturesAvailable)('playground POST /pg/chat/completions', () => {
  let t: TestServer;
  let mock: MockUpstream;
  let player: ConsoleClient;
  const chunks = () => fixtureChunks('openai/chat/openai-text.chunks.txt');

  beforeAll(async () => {
    mock = await new MockUpstream().start();
    t = await startTestServer();
    const root = await signInAsRoot(t.url);
    mock.reply('/default/v1/chat/completions', { sse: chunks() });
    mock.reply('/vip/v1/chat/completions', { sse: chunks() });
    mock.reply('/svip/v1/chat/completions', { sse: chunks() });
    await seedChannel(t, { baseUrl: `${mock.url}/default`, models: ['gpt-4o-mini'] });
    await seedChannel(t, { baseUrl: `${mock.url}/vip`, models: ['gpt-4o-mini'], group: 'vip' });
    await seedChannel(t, { baseUrl: `${mock.url}/svip`, models: ['gpt-4o-mini'], group: 'svip' });
    player = await userWithRole(root, 'pguser', 1);
    await setQuota(1_000_000);
  });
  afterAll(async () => {
    await t?.close();
    await mock?.stop();
  });

  /** Settlement runs in the background: waits for this many log rows of the player. */
  const playerLogs = (count: number) =>
    waitFor(
      async () => (await consumeLogs(t)).filter((row) => row.user_id === player.userId),
      (rows) => rows.length === count,
      `${count} playground log rows`,
    );

  async function setQuota(quota: number) {
    await t.server.store.db.updateTable('users').set({ quota }).where('id', '=', player.userId!).execute();
  }
  async function wallet() {
    const user = await t.server.store.db
      .selectFrom('users')
      .select(['quota', 'used_quota'])
      .where('id', '=', player.userId!)
      .executeTakeFirstOrThrow();
    return { quota: Number(user.quota), used: Number(user.used_quota) };
  }

  /** The console's call: session cookie, New-Api-User, a stream. Answers the status and the raw text. */
  async function play(body: Record<string, unknown>, headers: Record<string, string> = {}) {
    const response = await fetch(`${t.url}/pg/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: player.cookie,
        'New-Api-User': String(player.userId),
        ...headers,
      },
      body: JSON.stringify({ stream: true, max_tokens: 100, temperature: 0.5, ...CHAT, ...body }),
    });
    return { status: response.status, text: await response.text() };
  }

  it('needs a console session and the matching New-Api-User header', async () => {
    const before = mock.requests.length;
    const anonymous = await fetch(`${t.url}/pg/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(CHAT),
    });
    expect(anonymous.status).toBe(401);
    expect((await play({}, { 'New-Api-User': '1' })).status).toBe(401);
    expect(mock.requests.length).toBe(before);
  });

  it('routes in the group named in the body, bills the user and logs token_name playground', async () => {
    const start = await wallet();
    const answer = await play({ group: 'vip' });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('data: [DONE]');
    const upstream = mock.requests.at(-1)!;
    expect(upstream.url).toBe('/vip/v1/chat/completions');
    // The group is the gateway's business: it is not sent upstream.
    expect(upstream.json!.group).toBeUndefined();

    const logs = await playerLogs(1);
    const usage = (JSON.parse(chunks().at(-1)!) as { usage: Usage }).usage;
    const quota = expectedQuota(
      { prompt: usage.prompt_tokens, completion: usage.completion_tokens },
      { model: 0.075, completion: 4 },
    );
    expect(logs.at(-1)).toMatchObject({
      user_id: player.userId,
      token_name: 'playground',
      token_id: 0,
      group: 'vip',
      model_name: 'gpt-4o-mini',
      quota,
    });
    expect(await wallet()).toEqual({ quota: start.quota - quota, used: start.used + quota });
  });

  it("uses the user's own group when the body names none", async () => {
    expect((await play({})).status).toBe(200);
    expect(mock.requests.at(-1)!.url).toBe('/default/v1/chat/completions');
    const logs = await playerLogs(2);
    expect(logs.at(-1)!.group).toBe('default');
  });

  it('refuses a group the user may not use, in the OpenAI error shape', async () => {
    const before = mock.requests.length;
    const answer = await play({ group: 'svip' });
    expect(answer.status).toBe(403);
    const body = JSON.parse(answer.text) as { error: Record<string, unknown> };
    expect(Object.keys(body.error).sort()).toEqual(['code', 'message', 'param', 'type']);
    expect(body.error.code).toBe('group_not_allowed');
    // Names an object inherits are not groups either.
    for (const group of ['constructor', '__proto__', 'toString']) {
      const inherited = await play({ group });
      expect(inherited.status, inherited.text).toBe(403);
    }
    expect(mock.requests.length).toBe(before);
  });

  it('refuses a user without quota', async () => {
    await setQuota(0);
    try {
      const before = mock.requests.length;
      const answer = await play({});
      expect(answer.status).toBe(403);
      expect((JSON.parse(answer.text) as { error: { code: string } }).error.code).toBe(
        'insufficient_user_quota',
      );
      expect(mock.requests.length).toBe(before);
      // The console sends its language: the refusal is in it (#26 item 13); without one, English.
      const errorOf = (text: string) => (JSON.parse(text) as { error: { message: string } }).error.message;
      expect(errorOf((await play({}, { 'Accept-Language': 'zh' })).text)).toMatch(
        /^用户额度已用完 \(request id: /,
      );
      expect(errorOf(answer.text)).toMatch(/^the user quota is used up \(request id: /);
    } finally {
      await setQuota(1_000_000);
    }
  });

  it('names a model no channel of the group serves in the console language', async () => {
    const answer = await play({ model: 'no-such-model' }, { 'Accept-Language': 'zh' });
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.text)).toMatchObject({
      error: {
        code: 'model_not_found',
        message: expect.stringMatching(/^分组 default 下没有可用于模型 no-such-model 的渠道/),
      },
    });
  });

  it('relays a non-streamed playground call too', async () => {
    mock.reply('/default/v1/chat/completions', { json: fixtureJson('openai/chat/openai-text.json') });
    const answer = await play({ stream: false });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ object: 'chat.completion' });
  });
});
