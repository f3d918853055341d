import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsRoot, userWithRole, type ConsoleClient } from './support/console-client.ts';
import { MockUpstream, type RecordedRequest } from './support/mock-upstream.ts';
import { seedToken } from './support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

const SECRET = 'sk-root-only-secret-4242';
const KEY_AGAIN = /requires entering its key again/;
const CHAT = {
  object: 'chat.completion',
  choices: [{ index: 0, message: { role: 'assistant', content: 'hi' } }],
};

/** Every byte a listener received: the key must not be anywhere in it. */
const carriesSecret = (request: RecordedRequest) =>
  JSON.stringify(request.headers).includes(SECRET) ||
  request.url.includes(SECRET) ||
  request.body.toString('utf8').includes(SECRET);

describe.skipIf(databaseUnavailable())('an admin cannot obtain a stored channel key', () => {
  let t: TestServer;
  let root: ConsoleClient;
  let admin: ConsoleClient;
  let provider: MockUpstream;
  let attacker: MockUpstream;
  let channelId: number;

  beforeAll(async () => {
    t = await startTestServer();
    provider = await new MockUpstream()
      .reply('/v1/chat/completions', { json: CHAT })
      .reply('/v1/models', { json: { object: 'list', data: [{ id: 'm1' }] } })
      .reply('/v1/dashboard/billing/subscription', { json: { hard_limit_usd: 10 } })
      .reply('/v1/dashboard/billing/usage', { json: { total_usage: 0 } })
      .start();
    // The attacker's own server, on loopback like everything in a test.
    attacker = await new MockUpstream()
      .reply('/v1/chat/completions', { json: CHAT })
      .reply('/v1/models', { json: { object: 'list', data: [{ id: 'm1' }] } })
      .start();
    root = await signInAsRoot(t.url);
    admin = await userWithRole(root, 'keythief', 10);
    // The outbound guard would refuse the attacker's loopback server anyway: allow it, so that
    // what keeps the key home here is the key rule itself.
    const allowed = await root.put('/api/option/', { key: 'OutboundAllowList', value: '127.0.0.1' });
    expect(allowed.body.success).toBe(true);
    const created = await root.post<{ ids: number[] }>('/api/channel/', {
      name: 'root channel',
      type: 1,
      key: SECRET,
      base_url: provider.url,
      models: 'm1',
    });
    expect(created.body.success).toBe(true);
    channelId = created.body.data!.ids[0]!;
  });
  afterAll(async () => {
    await provider?.stop();
    await attacker?.stop();
    await t?.close();
  });

  /** Every console route that sends the stored key somewhere, run as the admin. */
  async function useStoredKeyEverywhere(): Promise<void> {
    await admin.get(`/api/channel/test/${channelId}`);
    await admin.get(`/api/channel/fetch_models/${channelId}`);
    await admin.get(`/api/channel/update_balance/${channelId}`);
    await admin.get('/api/channel/update_balance');
    const token = await seedToken(t, { unlimited: true });
    await fetch(`${t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm1', messages: [{ role: 'user', content: 'hi' }] }),
    });
  }

  it('refuses to move the channel to another address or type without the key again', async () => {
    const moves = [
      { id: channelId, base_url: attacker.url },
      { id: channelId, base_url: attacker.url, key: '' },
      { id: channelId, base_url: `${attacker.url}/`, key: '   ' },
      { id: channelId, type: 14 },
      { id: channelId, type: 3, base_url: attacker.url, other: '2024-02-01' },
    ];
    for (const move of moves) {
      const answer = await admin.put('/api/channel/', move);
      expect(answer.body, JSON.stringify(move)).toMatchObject({ success: false, message: KEY_AGAIN });
    }
    const stored = await t.server.store.db
      .selectFrom('channels')
      .select(['base_url', 'type', 'key'])
      .where('id', '=', channelId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ base_url: provider.url, type: 1, key: SECRET });

    await useStoredKeyEverywhere();
    expect(attacker.requests).toHaveLength(0);
    // The key still works where root saved it: the provider saw it.
    expect(provider.requests.some(carriesSecret)).toBe(true);
  });

  it('keeps the form echo (same address, no key) working', async () => {
    const answer = await admin.put('/api/channel/', {
      id: channelId,
      base_url: provider.url,
      type: 1,
      key: '',
      name: 'renamed by admin',
    });
    expect(answer.body.success).toBe(true);
  });

  it('sends only the key the admin entered to an address the admin chose', async () => {
    const moved = await admin.put('/api/channel/', {
      id: channelId,
      base_url: attacker.url,
      key: 'sk-admins-own-key',
    });
    expect(moved.body.success).toBe(true);
    await useStoredKeyEverywhere();
    expect(attacker.requests.length).toBeGreaterThan(0);
    expect(attacker.requests.filter(carriesSecret)).toEqual([]);
    expect(attacker.requests.some((r) => JSON.stringify(r.headers).includes('sk-admins-own-key'))).toBe(true);
  });

  it('never shows the key to the admin', async () => {
    for (const path of [
      `/api/channel/${channelId}`,
      '/api/channel/?p=1',
      '/api/channel/search?keyword=root',
    ]) {
      const answer = await admin.get(path);
      expect(JSON.stringify(answer.body)).not.toContain(SECRET);
    }
  });

  it('lets root move its own channel without entering the key again', async () => {
    const other = await root.post<{ ids: number[] }>('/api/channel/', {
      name: 'root second',
      key: SECRET,
      base_url: provider.url,
      models: 'm1',
    });
    const id = other.body.data!.ids[0]!;
    const moved = await root.put('/api/channel/', { id, base_url: `${provider.url}/v0` });
    expect(moved.body.success).toBe(true);
  });
});
