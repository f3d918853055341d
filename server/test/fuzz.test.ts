import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsRoot, type ConsoleClient } from './support/console-client.ts';
import { DEEP_MARKER, deepJson, fuzzRoutes, HOSTILE_VALUES, type FuzzRoute } from './support/fuzz-corpus.ts';
import { seedChannel, seedToken } from './support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

interface Probe {
  route: FuzzRoute;
  where: 'params' | 'query' | 'body' | 'whole body';
  field: string;
  value: unknown;
}

/** One request per route × field × hostile value, plus each hostile value as the whole body. */
function probes(routes: FuzzRoute[]): Probe[] {
  const list: Probe[] = [];
  for (const route of routes) {
    for (const where of ['params', 'query', 'body'] as const) {
      for (const field of Object.keys(route[where] ?? {})) {
        for (const value of HOSTILE_VALUES) list.push({ route, where, field, value });
      }
    }
    if (route.method === 'POST' || route.method === 'PUT') {
      for (const value of [...HOSTILE_VALUES, '{"unclosed": ', '']) {
        list.push({ route, where: 'whole body', field: '', value });
      }
    }
  }
  return list;
}

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

function requestOf(probe: Probe, baseUrl: string): { url: string; body?: string } {
  const { route, where, field, value } = probe;
  const params = { ...route.params, ...(where === 'params' ? { [field]: value } : {}) };
  const path = route.path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(text(params[name]).toWellFormed()),
  );
  const query = new URLSearchParams();
  for (const [name, v] of Object.entries({
    ...route.query,
    ...(where === 'query' ? { [field]: value } : {}),
  })) {
    query.set(name, text(v));
  }
  const url = `${baseUrl}${path}${query.size ? `?${query}` : ''}`;
  if (route.method === 'GET' || route.method === 'DELETE') return { url };
  const raw =
    where === 'whole body'
      ? typeof value === 'string' && !value.includes('\u0000') && value !== DEEP_MARKER
        ? value
        : JSON.stringify(value)
      : JSON.stringify({ ...route.body, ...(where === 'body' ? { [field]: value } : {}) });
  return { url, body: raw.replaceAll(`"${DEEP_MARKER}"`, deepJson()) };
}

/** Runs the probes a few at a time; answers those that got a 5xx other than 503. */
async function runProbes(list: Probe[], root: ConsoleClient, apiKey: string, baseUrl: string) {
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < list.length; i = next++) {
      const probe = list[i]!;
      const { url, body } = requestOf(probe, baseUrl);
      const headers: Record<string, string> = probe.route.relay
        ? { authorization: `Bearer ${apiKey}` }
        : { cookie: root.cookie, 'New-Api-User': String(root.userId) };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(url, { method: probe.route.method, headers, body });
      const answer = await response.text();
      if (response.status >= 500 && response.status !== 503) {
        const value = text(probe.value).slice(0, 40);
        failures.push(
          `${probe.route.method} ${probe.route.path} ${probe.where}.${probe.field}=${value}: ${response.status} ${answer.slice(0, 200)}`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return failures;
}

describe.skipIf(databaseUnavailable())('fuzz: every route × every field × hostile values', () => {
  let t: TestServer;
  let root: ConsoleClient;
  let apiKey: string;
  let routes: FuzzRoute[];

  beforeAll(async () => {
    t = await startTestServer({ API_BODY_LIMIT_KB: '256', LOG_LEVEL: 'error' });
    root = await signInAsRoot(t.url);
    const created = await root.post<{ id: number }>('/api/user/', {
      username: 'fuzztarget',
      password: 'password123',
    });
    expect(created.body.success).toBe(true);
    const user = await root.get<{ items: { id: number; username: string }[] }>(
      '/api/user/search?keyword=fuzztarget',
    );
    const token = await seedToken(t, { unlimited: true });
    apiKey = token.key;
    const channel = await seedChannel(t, { baseUrl: 'http://127.0.0.1:9', models: ['m1'], name: 'fuzz' });
    routes = fuzzRoutes({ user: user.body.data!.items[0]!.id, token: token.id, channel });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers no 5xx but deliberate 503s', async () => {
    const list = probes(routes);
    expect(list.length).toBeGreaterThan(1500);
    const failures = await runProbes(list, root, apiKey, t.url);
    expect(failures).toEqual([]);
    // The session is still root's and the server still answers: nothing crashed on the way.
    expect((await root.get('/api/user/self')).body.success).toBe(true);
  }, 120_000);

  it('refuses NUL bytes and deep JSON with a clear 400, in the console API and the relay', async () => {
    const post = (path: string, body: string, headers: Record<string, string> = {}) =>
      fetch(`${t.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    const nul = await post('/api/user/login', JSON.stringify({ username: 'ro\u0000ot', password: 'x' }));
    expect(nul.status).toBe(400);
    expect(await nul.json()).toEqual({
      success: false,
      message: 'the request contains a NUL character (\\u0000), which cannot be stored',
    });
    const deep = await post('/api/user/login', `{"username": ${deepJson()}}`);
    expect(deep.status).toBe(400);
    expect(((await deep.json()) as { message: string }).message).toMatch(/nests JSON deeper than 128 levels/);
    const relayDeep = await post('/v1/chat/completions', `{"model": "m1", "messages": ${deepJson()}}`, {
      authorization: `Bearer ${apiKey}`,
    });
    expect(relayDeep.status).toBe(400);
    expect(await relayDeep.json()).toMatchObject({
      error: { message: expect.stringMatching(/deeper than 128/) },
    });
    const address = await fetch(`${t.url}/api/user/search?keyword=a%00b`, {
      headers: { cookie: root.cookie, 'New-Api-User': String(root.userId) },
    });
    expect(address.status).toBe(400);
    // A backslash before u0000 is text, not a NUL: accepted.
    const text = await post('/api/user/login', JSON.stringify({ username: 'a\\u0000', password: 'x' }));
    expect(text.status).toBe(200);
  });
});
