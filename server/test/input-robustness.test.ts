import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, signInAsRoot } from './support/console-client.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

async function raw(url: string, init: RequestInit & { headers?: Record<string, string> }) {
  const response = await fetch(url, init);
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    json: JSON.parse(text) as Record<string, unknown>,
  };
}

describe.skipIf(databaseUnavailable())('conventions and bad input', () => {
  let t: TestServer;
  let root: ConsoleClient;
  beforeAll(async () => {
    t = await startTestServer({ API_BODY_LIMIT_KB: '64' });
    root = await signInAsRoot(t.url);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the {success, message, data} envelope with a request id header on every response', async () => {
    const status = await root.get('/api/status');
    expect(status.body).toMatchObject({ success: true, message: '' });
    expect(status.body.data).toBeTypeOf('object');
    const a = status.headers.get('x-oneapi-request-id');
    const b = (await root.get('/api/status')).headers.get('x-oneapi-request-id');
    expect(a).toMatch(/^[a-z0-9]{10,64}$/);
    expect(a).not.toBe(b);
    expect(status.headers.get('cache-control')).toBe('no-store');
    const missing = await root.get('/api/no-such-route');
    expect(missing.status).toBe(404);
    expect(missing.body.success).toBe(false);
    expect(missing.headers.get('x-oneapi-request-id')).toBeTruthy();
  });

  it('malformed JSON is a 400 with a message, never a 500', async () => {
    const answer = await raw(`${t.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username": "root", "password": ',
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ success: false, message: 'the request body is not valid JSON' });
  });

  it('a JSON body with __proto__ is refused rather than polluting objects', async () => {
    const answer = await raw(`${t.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"__proto__": {"admin": true}, "username": "root", "password": "123456"}',
    });
    expect(answer.status).toBe(400);
    expect(answer.json.success).toBe(false);
  });

  it('an oversized body is a 413 with a message and writes nothing', async () => {
    const before = (await root.get<{ total: number }>('/api/user/')).body.data!.total;
    const answer = await raw(`${t.url}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'big', password: 'password123', padding: 'x'.repeat(200_000) }),
    });
    expect(answer.status).toBe(413);
    expect(answer.json).toEqual({ success: false, message: 'the request body is too large' });
    expect((await root.get<{ total: number }>('/api/user/')).body.data!.total).toBe(before);
  });

  it('wrong types get success:false naming the field', async () => {
    const answer = await root.post('/api/user/manage', { id: '1', action: 'disable' });
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(false);
    expect(answer.body.message).toMatch(/invalid parameter: id/);
    const notObject = await root.post('/api/user/login', '[1,2,3]');
    expect(notObject.body.success).toBe(false);
    const nullBody = await root.request('POST', '/api/user/login', 'null');
    expect(nullBody.body.success).toBe(false);
  });

  it('injection strings are data, not SQL', async () => {
    const keyword = `' OR 1=1; DROP TABLE users; --`;
    const search = await root.get<{ total: number; items: unknown[] }>(
      `/api/user/search?keyword=${encodeURIComponent(keyword)}`,
    );
    expect(search.body.success).toBe(true);
    expect(search.body.data!.total).toBe(0);
    const login = await new ConsoleClient(t.url).post('/api/user/login', {
      username: `root' --`,
      password: 'x',
    });
    expect(login.body.success).toBe(false);
    // The users table is still there and root still logs in.
    expect((await root.get('/api/user/self')).body.success).toBe(true);
    const likeWildcards = await root.get<{ total: number }>(
      `/api/user/search?keyword=${encodeURIComponent('%_')}`,
    );
    expect(likeWildcards.body.data!.total).toBe(0);
  });

  it('pages count p from 1 and cap page_size at 100', async () => {
    for (let i = 0; i < 3; i++) {
      const created = await root.post('/api/user/', { username: `pager${i}`, password: 'password123' });
      expect(created.body.success).toBe(true);
    }
    const first = await root.get<{
      page: number;
      page_size: number;
      total: number;
      items: Array<{ id: number }>;
    }>('/api/user/?p=1&page_size=2');
    expect(first.body.data).toMatchObject({ page: 1, page_size: 2, total: 4 });
    expect(first.body.data!.items).toHaveLength(2);
    const second = await root.get<{ items: Array<{ id: number }> }>('/api/user/?p=2&page_size=2');
    const ids = [...first.body.data!.items, ...second.body.data!.items].map((u) => u.id);
    expect(new Set(ids).size).toBe(4);
    const capped = await root.get<{ page: number; page_size: number }>('/api/user/?p=0&page_size=1000');
    expect(capped.body.data).toMatchObject({ page: 1, page_size: 100 });
    const junk = await root.get<{ page: number; page_size: number }>('/api/user/?p=abc&page_size=-5');
    expect(junk.body.data).toMatchObject({ page: 1, page_size: 10 });
  });
});
