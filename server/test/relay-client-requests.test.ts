import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockUpstream } from './support/mock-upstream.ts';
import { balancesOf, consumeLogs, seedChannel, seedToken, seedUser } from './support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

type Shape = 'openai' | 'anthropic' | 'gemini';

/** An error body in exactly the caller's own shape (nothing more, nothing less), with this status. */
function expectShape(shape: Shape, status: number, body: unknown, message: RegExp) {
  const text = expect.stringMatching(message) as unknown;
  if (shape === 'anthropic') {
    const type = status === 400 ? 'invalid_request_error' : 'not_found_error';
    expect(body).toEqual({ type: 'error', error: { type, message: text } });
  } else if (shape === 'gemini') {
    const name = status === 400 ? 'INVALID_ARGUMENT' : 'NOT_FOUND';
    expect(body).toEqual({ error: { code: status, message: text, status: name } });
  } else {
    expect(body).toEqual({
      error: { message: text, type: expect.any(String), param: null, code: expect.any(String) },
    });
  }
}

/** Per client format: where it posts, how it sends its key, a good call, and bad ones with what is said. */
const FORMATS: Array<{
  name: string;
  shape: Shape;
  path: string;
  auth: (key: string) => Record<string, string>;
  good: object;
  bad: Array<[unknown, RegExp]>;
}> = [
  {
    name: 'OpenAI chat',
    shape: 'openai',
    path: '/v1/chat/completions',
    auth: (key) => ({ authorization: `Bearer ${key}` }),
    good: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] },
    bad: [
      [[1, 2], /must be a JSON object/],
      [{ messages: [{ role: 'user', content: 'hi' }] }, /^model is required/],
      [{ model: 'gpt-4o-mini', messages: 'hi' }, /^messages is required/],
      [{ model: 'gpt-4o-mini', messages: [], stream: 'yes' }, /^stream must be true or false/],
      [{ model: 'gpt-4o-mini', messages: [], max_tokens: -3 }, /^max_tokens must be a whole number/],
    ],
  },
  {
    name: 'OpenAI Responses',
    shape: 'openai',
    path: '/v1/responses',
    auth: (key) => ({ authorization: `Bearer ${key}` }),
    good: { model: 'gpt-4o-mini', input: 'hi' },
    bad: [
      [{ input: 'hi' }, /^model is required/],
      [{ model: 'gpt-4o-mini', input: 7 }, /^input must be a string or a list/],
      [{ model: 'gpt-4o-mini', input: 'hi', max_output_tokens: '9' }, /^max_output_tokens must be/],
    ],
  },
  {
    name: 'Anthropic messages',
    shape: 'anthropic',
    path: '/v1/messages',
    auth: (key) => ({ 'x-api-key': key, 'anthropic-version': '2023-06-01' }),
    good: {
      model: 'claude-sonnet-4-5-20250929',
      max_tokens: 10,
      messages: [{ role: 'user', content: 'hi' }],
    },
    bad: [
      ['a string', /must be a JSON object/],
      [{ max_tokens: 10, messages: [] }, /^model: field required/],
      [{ model: 'claude-sonnet-4-5-20250929', max_tokens: 10 }, /^messages: field required/],
      [
        { model: 'claude-sonnet-4-5-20250929', max_tokens: 10, messages: [], thinking: { type: 'enabled' } },
        /^thinking.budget_tokens/,
      ],
      [
        { model: 'claude-sonnet-4-5-20250929', max_tokens: '10', messages: [] },
        /^max_tokens must be a whole number/,
      ],
    ],
  },
  {
    name: 'Gemini generateContent',
    shape: 'gemini',
    path: '/v1beta/models/gemini-2.5-flash:generateContent',
    auth: (key) => ({ 'x-goog-api-key': key }),
    good: { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] },
    bad: [
      [null, /must be a JSON object/],
      [{ contents: 'hi' }, /^contents is required/],
      [{ contents: [], generationConfig: 'hot' }, /^generationConfig must be an object/],
      [
        { contents: [], generationConfig: { maxOutputTokens: 1.5 } },
        /maxOutputTokens must be a whole number/,
      ],
    ],
  },
];

describe.skipIf(databaseUnavailable())("client requests: read by each format's adaptor", () => {
  let t: TestServer;
  let mock: MockUpstream;

  beforeAll(async () => {
    mock = await new MockUpstream().start();
    t = await startTestServer();
    await seedChannel(t, { type: 1, baseUrl: `${mock.url}/openai`, models: ['gpt-4o-mini'] });
    await seedChannel(t, { type: 14, baseUrl: `${mock.url}/claude`, models: ['claude-sonnet-4-5-20250929'] });
    await seedChannel(t, { type: 24, baseUrl: `${mock.url}/google`, models: ['gemini-2.5-flash'] });
  });
  afterAll(async () => {
    await t?.close();
    await mock?.stop();
  });

  const post = (path: string, headers: Record<string, string>, body: string) =>
    fetch(`${t.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
  const get = (path: string, headers: Record<string, string>) => fetch(`${t.url}${path}`, { headers });

  /** Nothing spent, reserved or logged for this wallet and key (they were seeded with these amounts). */
  async function expectUntouched(userId: number, tokenId: number) {
    expect(await balancesOf(t, userId, tokenId)).toEqual({ user: 1_000_000, token: 500_000 });
    const held = await t.server.store.db
      .selectFrom('reservations')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(held).toEqual([]);
    expect((await consumeLogs(t)).filter((row) => row.token_id === tokenId)).toEqual([]);
  }
  it.each(FORMATS)(
    '$name: bad bodies are a 400 in its own shape, refused before any reservation, and reserve nothing',
    async ({ shape, path, auth, good, bad }) => {
      // A wallet that cannot pay: a call that got as far as the reservation would be a 403.
      const broke = await seedToken(t, { userId: await seedUser(t, 0) });
      const refused = await post(path, auth(broke.key), JSON.stringify(good));
      expect(refused.status).toBe(403);

      const userId = await seedUser(t, 1_000_000);
      const { key, id: tokenId } = await seedToken(t, { userId, unlimited: false, remainQuota: 500_000 });
      const sentBefore = mock.requests.length;
      for (const [body, message] of bad) {
        for (const caller of [broke.key, key]) {
          const answer = await post(path, auth(caller), JSON.stringify(body));
          expect(answer.status, JSON.stringify(body)).toBe(400);
          expectShape(shape, 400, await answer.json(), message);
        }
      }
      const broken = await post(path, auth(key), '{"model": "x", "messages": [');
      expect(broken.status).toBe(400);
      expectShape(shape, 400, await broken.json(), /JSON/);

      expect(mock.requests.length).toBe(sentBefore);
      await expectUntouched(userId, tokenId);
    },
  );

  it("refuses bad token-count calls in the caller's shape, and an unknown Gemini action with a 404", async () => {
    const { key } = await seedToken(t);
    const anthropic = await post(
      '/v1/messages/count_tokens',
      { 'x-api-key': key, 'anthropic-version': '2023-06-01' },
      JSON.stringify({ model: 'claude-sonnet-4-5-20250929' }),
    );
    expect(anthropic.status).toBe(400);
    expectShape('anthropic', 400, await anthropic.json(), /^messages: field required/);

    const gemini = await post(
      '/v1beta/models/gemini-2.5-flash:countTokens',
      { 'x-goog-api-key': key },
      JSON.stringify({ generateContentRequest: { contents: 'hi' } }),
    );
    expect(gemini.status).toBe(400);
    expectShape('gemini', 400, await gemini.json(), /^contents is required/);

    const unknown = await post('/v1beta/models/gemini-2.5-flash:predict', { 'x-goog-api-key': key }, '{}');
    expect(unknown.status).toBe(404);
    expectShape('gemini', 404, await unknown.json(), /:predict is not supported/);
  });

  it("answers a model lookup for a model not served, or not the key's, with a 404 in each caller's shape", async () => {
    const { key } = await seedToken(t);
    const limited = await seedToken(t, { modelLimits: ['gpt-4o-mini'] });
    const lookups: Array<[Shape, string, Record<string, string>]> = [
      ['openai', '/v1/models/', { authorization: `Bearer ${key}` }],
      ['anthropic', '/v1/models/', { 'x-api-key': key, 'anthropic-version': '2023-06-01' }],
      ['gemini', '/v1/models/', { 'x-goog-api-key': key }],
      ['gemini', '/v1beta/models/', { 'x-goog-api-key': key }],
    ];
    for (const [shape, prefix, headers] of lookups) {
      const missing = await get(`${prefix}no-such-model`, headers);
      expect(missing.status, `${shape} ${prefix}`).toBe(404);
      expectShape(shape, 404, await missing.json(), /^model no-such-model does not exist/);
      expect((await get(`${prefix}gemini-2.5-flash`, headers)).status).toBe(200);
    }
    // Served, but not to this key: the same 404, never a hint that the model exists.
    const notYours = await get('/v1beta/models/gemini-2.5-flash', { 'x-goog-api-key': limited.key });
    expect(notYours.status).toBe(404);
    expectShape('gemini', 404, await notYours.json(), /^model gemini-2.5-flash does not exist/);
    const list = await get('/v1beta/models', { 'x-goog-api-key': limited.key });
    expect(await list.json()).toEqual({ models: [expect.objectContaining({ name: 'models/gpt-4o-mini' })] });
  });

  it("answers a converted call whose upstream said 200 with no JSON (a wrong base URL's web page) with a 502 in the caller's shape, at no cost", async () => {
    const page = {
      text: '<!doctype html><title>Welcome to nginx!</title>',
      headers: { 'content-type': 'text/html' },
    };
    mock.reply('/nginx/v1/chat/completions', page);
    // A group of its own, so the calls reach this channel only.
    await seedChannel(t, { type: 1, baseUrl: `${mock.url}/nginx`, models: ['gpt-4o-mini'], group: 'nginx' });
    const userId = await seedUser(t, 1_000_000, 'nginx');
    const { key, id: tokenId } = await seedToken(t, { userId, unlimited: false, remainQuota: 500_000 });
    const calls: Array<[Shape, string, Record<string, string>, object, string]> = [
      [
        'anthropic',
        '/v1/messages',
        { 'x-api-key': key, 'anthropic-version': '2023-06-01' },
        { model: 'gpt-4o-mini', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] },
        'api_error',
      ],
      [
        'gemini',
        '/v1beta/models/gpt-4o-mini:generateContent',
        { 'x-goog-api-key': key },
        { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] },
        'INTERNAL',
      ],
    ];
    const sentBefore = mock.requestsTo('/nginx/v1/chat/completions').length;
    for (const [shape, path, headers, body, kind] of calls) {
      const answer = await post(path, headers, JSON.stringify(body));
      expect(answer.status, path).toBe(502);
      const error = (await answer.json()) as { error: { type?: string; status?: string; message: string } };
      expect(shape === 'anthropic' ? error.error.type : error.error.status).toBe(kind);
      expect(error.error.message).toMatch(/not a JSON object/);
    }
    expect(mock.requestsTo('/nginx/v1/chat/completions').length - sentBefore).toBe(calls.length);
    await expectUntouched(userId, tokenId);
  });

  it("answers a path the relay does not serve with a 404 in its caller's shape", async () => {
    const { key } = await seedToken(t);
    const paths: Array<[Shape, string, Record<string, string>]> = [
      ['gemini', '/v1beta/models/models/gemini-2.5-flash', { 'x-goog-api-key': key }],
      ['gemini', '/v1beta/files', {}],
      ['anthropic', '/v1/messages/batches', { 'x-api-key': key, 'anthropic-version': '2023-06-01' }],
      ['openai', '/v1/no-such-thing', { authorization: `Bearer ${key}` }],
    ];
    for (const [shape, path, headers] of paths) {
      const answer = await get(path, headers);
      expect(answer.status, path).toBe(404);
      expectShape(shape, 404, await answer.json(), /^Invalid URL \(GET \/v1/);
    }
  });
});
