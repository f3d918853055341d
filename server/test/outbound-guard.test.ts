import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsRoot, userWithRole, type ConsoleClient } from './support/console-client.ts';
import { MockUpstream } from './support/mock-upstream.ts';
import { seedToken } from './support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

const REFUSED =
  /refused to connect to .*(loopback|private|link-local|metadata|unspecified|multicast|reserved)/;
const MODELS = { object: 'list', data: [{ id: 'm1' }] };
const CHAT = {
  object: 'chat.completion',
  choices: [{ index: 0, message: { role: 'assistant', content: 'hi' } }],
};

/** A listener on ::1, when this machine has IPv6 loopback. */
async function listenOnIPv6Loopback(): Promise<{ server: Server; hits: number; port: number } | null> {
  const state = { server: createServer((_req, res) => (state.hits++, res.end('{}'))), hits: 0, port: 0 };
  try {
    await new Promise<void>((resolve, reject) => {
      state.server.once('error', reject);
      state.server.listen(0, '::1', resolve);
    });
  } catch {
    return null;
  }
  state.port = (state.server.address() as AddressInfo).port;
  return state;
}

describe.skipIf(databaseUnavailable())('outbound guard: addresses an admin chose', () => {
  let t: TestServer;
  let root: ConsoleClient;
  let admin: ConsoleClient;
  let internal: MockUpstream;
  let ipv6: Awaited<ReturnType<typeof listenOnIPv6Loopback>>;
  let port: number;

  beforeAll(async () => {
    t = await startTestServer();
    internal = await new MockUpstream()
      .reply('/v1/models', { json: MODELS })
      .reply('/v1/chat/completions', { json: CHAT })
      .start();
    port = Number(new URL(internal.url).port);
    ipv6 = await listenOnIPv6Loopback();
    root = await signInAsRoot(t.url);
    admin = await userWithRole(root, 'ssrfadmin', 10);
  });
  afterAll(async () => {
    await internal?.stop();
    await new Promise((resolve) => (ipv6 ? ipv6.server.close(resolve) : resolve(undefined)));
    await t?.close();
  });

  const spellings = () => [
    `http://127.0.0.1:${port}`,
    `http://127.1:${port}`,
    `http://2130706433:${port}`,
    `http://0x7f.1:${port}`,
    `http://0177.0.0.1:${port}`,
    `http://localhost:${port}`,
    `http://LOCALHOST.:${port}`,
    `http://[::1]:${ipv6?.port ?? port}`,
    `http://[::ffff:127.0.0.1]:${port}`,
    `http://[0:0:0:0:0:ffff:7f00:1]:${port}`,
    `http://0.0.0.0:${port}`,
    `http://[::]:${port}`,
    'http://169.254.169.254',
    'http://[fd00:ec2::254]',
    'http://10.0.0.1',
    'http://192.168.1.1',
    'http://172.16.0.1',
    'http://100.64.0.1',
    'http://[fd00::1]',
    'http://[fe80::1]',
    'http://224.0.0.1',
    'http://[64:ff9b::a9fe:a9fe]',
  ];

  it('refuses every spelling of an internal address in the create form fetch-models, at once', async () => {
    for (const base_url of spellings()) {
      const answer = await admin.post('/api/channel/fetch_models', { base_url, type: 1, key: 'sk-x' });
      expect(answer.body, base_url).toMatchObject({ success: false, message: REFUSED });
    }
    expect(internal.requests).toHaveLength(0);
    expect(ipv6?.hits ?? 0).toBe(0);
  });

  it('refuses the channel test, fetch-models, balance and relay of a channel an admin pointed inside', async () => {
    const created = await admin.post<{ ids: number[] }>('/api/channel/', {
      name: 'inside',
      key: 'sk-admin-key',
      base_url: `http://127.1:${port}`,
      models: 'gpt-4o-mini',
      auto_ban: 0,
    });
    expect(created.body.success).toBe(true);
    const id = created.body.data!.ids[0]!;
    expect((await admin.get(`/api/channel/test/${id}`)).body).toMatchObject({
      success: false,
      message: REFUSED,
    });
    expect((await admin.get(`/api/channel/fetch_models/${id}`)).body).toMatchObject({ message: REFUSED });
    expect((await admin.get(`/api/channel/update_balance/${id}`)).body).toMatchObject({ message: REFUSED });
    const token = await seedToken(t, { unlimited: true });
    const relayed = await fetch(`${t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(relayed.status).toBeGreaterThanOrEqual(500);
    expect(JSON.stringify(await relayed.json())).toMatch(/refused to connect/);
    expect(internal.requests).toHaveLength(0);
  });

  it('trusts root with loopback (a local model server) but not with metadata addresses', async () => {
    const local = await root.post('/api/channel/fetch_models', { base_url: internal.url, type: 1, key: 'k' });
    expect(local.body).toMatchObject({ success: true, data: ['m1'] });
    for (const base_url of [
      'http://169.254.169.254',
      'http://metadata.google.internal',
      'http://[fd00:ec2::254]',
    ]) {
      const answer = await root.post('/api/channel/fetch_models', { base_url, type: 1, key: 'k' });
      expect(answer.body, base_url).toMatchObject({
        success: false,
        message: /refused to connect to .*metadata/,
      });
    }
  });

  it('follows no redirect', async () => {
    const target = await new MockUpstream().reply('/v1/models', { json: MODELS }).start();
    const redirector = await new MockUpstream()
      .reply('/v1/models', { status: 302, text: '', headers: { location: `${target.url}/v1/models` } })
      .start();
    try {
      const answer = await root.post('/api/channel/fetch_models', {
        base_url: redirector.url,
        type: 1,
        key: 'k',
      });
      expect(answer.body).toMatchObject({ success: false, message: /HTTP 302/ });
      expect(redirector.requests).toHaveLength(1);
      expect(target.requests).toHaveLength(0);
    } finally {
      await redirector.stop();
      await target.stop();
    }
  });

  it('lets admins reach hosts and ranges root allows, and refuses a malformed allow list', async () => {
    const bad = await root.put('/api/option/', { key: 'OutboundAllowList', value: '127.0.0.1, not a host!' });
    expect(bad.body).toMatchObject({ success: false, message: /not a host name, address or CIDR range/ });
    const fetchAs = (base_url: string) =>
      admin.post('/api/channel/fetch_models', { base_url, type: 1, key: 'k' });

    expect(
      (await root.put('/api/option/', { key: 'OutboundAllowList', value: '127.0.0.0/8' })).body.success,
    ).toBe(true);
    expect((await fetchAs(`http://127.1:${port}`)).body).toMatchObject({ success: true, data: ['m1'] });
    // A range never unlocks metadata addresses; only their exact address or name does.
    await root.put('/api/option/', { key: 'OutboundAllowList', value: '169.254.0.0/16' });
    expect((await fetchAs('http://169.254.169.254')).body).toMatchObject({ message: /metadata/ });

    await root.put('/api/option/', { key: 'OutboundAllowList', value: 'localhost' });
    expect((await fetchAs(`http://localhost:${port}`)).body).toMatchObject({ success: true });
    expect((await fetchAs(`http://127.0.0.1:${port}`)).body).toMatchObject({ message: REFUSED });
    await root.put('/api/option/', { key: 'OutboundAllowList', value: '' });
  });
});
