/**
 * The channels console tests' shared setup (test/every-database/channels-*.test.ts): a test server
 * with root, an admin and a common user, a loopback upstream that answers balance and model-list
 * calls, and the helpers that create channels and read their rows and abilities. Each file calls
 * useChannelConsole() in its describe block; the bindings below are then that file's.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChannelPage } from '@relaygate/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import { fromDbBool } from '../../src/store/dialect.ts';
import type { ConsoleClient } from './console-client.ts';
import { userWithRole, type Answer, signInAsRoot } from './console-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

export const SECRET = 'sk-very-secret-key-0001';
export const NO_PERMISSION = /no permission/;

/** A loopback upstream: balance and model-list endpoints; key "bad-key" gets a 401 that echoes it. */
interface MockUpstream {
  url: string;
  seen: { path: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

export const MOCK_ANSWERS: Record<string, unknown> = {
  '/v1/dashboard/billing/subscription': { hard_limit_usd: 100, has_payment_method: true },
  '/v1/dashboard/billing/usage': { total_usage: 2550 },
  '/user/balance': {
    balance_infos: [
      { currency: 'CNY', total_balance: '70.00' },
      { currency: 'USD', total_balance: '10.50' },
    ],
  },
  '/api/v1/credits': { data: { total_credits: 20, total_usage: 5.5 } },
  '/v1/user/info': { data: { totalBalance: '12.34' } },
  '/v1/users/me/balance': { data: { available_balance: 42 } },
  '/v1/models': { object: 'list', data: [{ id: 'up-1' }, { id: 'up-2' }, { id: 'up-1' }] },
};

/** A Chinese DeepSeek account ("yuan-key"): its only balance is in yuan. */
export const YUAN_ANSWERS: Record<string, unknown> = {
  '/user/balance': { balance_infos: [{ currency: 'CNY', total_balance: '70.00' }] },
};

export async function startMockUpstream(): Promise<MockUpstream> {
  const seen: MockUpstream['seen'] = [];
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    seen.push({ path: req.url ?? '', headers: req.headers });
    const credential = req.headers.authorization ?? `Bearer ${String(req.headers['api-key'] ?? '')}`;
    if (credential === 'Bearer bad-key') {
      res.writeHead(401, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: 'Incorrect API key provided: bad-key' } }));
    }
    if (credential === 'Bearer html-key') return res.writeHead(200).end('<html>hello</html>');
    const answer = credential === 'Bearer yuan-key' ? YUAN_ANSWERS[path] : MOCK_ANSWERS[path];
    res.writeHead(answer ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer ?? { error: { message: 'not found' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export let t: TestServer;
export let root: ConsoleClient;
export let admin: ConsoleClient;
export let common: ConsoleClient;
export let upstream: MockUpstream;
export const db = () => t.server.store.db;

/** Creates channels as admin and answers their ids. */
export async function create(channel: Record<string, unknown>, mode?: 'single' | 'batch'): Promise<number[]> {
  const body = { name: 'c', key: SECRET, models: 'm', ...channel };
  const answer = await admin.post<{ ids: number[] }>('/api/channel/', mode ? { mode, channel: body } : body);
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ success: true });
  return answer.body.data!.ids;
}
export async function createOne(channel: Record<string, unknown>): Promise<number> {
  return (await create(channel))[0]!;
}
export async function row(id: number) {
  return db().selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
}
export async function abilitiesOf(id: number) {
  const rows = await db().selectFrom('abilities').selectAll().where('channel_id', '=', id).execute();
  return rows
    .map((r) => ({
      group: r.group,
      model: r.model,
      enabled: fromDbBool(r.enabled),
      priority: Number(r.priority),
      weight: Number(r.weight),
      tag: r.tag,
    }))
    .sort((a, b) => `${a.group}/${a.model}`.localeCompare(`${b.group}/${b.model}`));
}
/** The abilities rows a channel should have, from its stored row. */
export async function expectAbilitiesMatch(id: number) {
  const channel = (await row(id))!;
  const expected = [];
  for (const group of channel.group.split(',').sort()) {
    for (const model of (channel.models ?? '').split(',').sort()) {
      expected.push({
        group,
        model,
        enabled: channel.status === 1,
        priority: Number(channel.priority),
        weight: Number(channel.weight),
        tag: channel.tag || null,
      });
    }
  }
  expect(await abilitiesOf(id)).toEqual(expected);
}
export const candidateIds = (model: string, group = 'default') =>
  t.server.channels.candidates(group, model).map((c) => c.id);
export async function snapshot() {
  return {
    channels: await db().selectFrom('channels').selectAll().orderBy('id').execute(),
    abilities: await db()
      .selectFrom('abilities')
      .selectAll()
      .orderBy('channel_id')
      .orderBy('model')
      .execute(),
  };
}
/** Sends a request that must be refused, and checks that no channel or ability changed. */
export async function refused(run: () => Promise<Answer>, message: RegExp | string) {
  const before = await snapshot();
  const answer = await run();
  expect(answer.body.success, JSON.stringify(answer.body)).toBe(false);
  expect(answer.body.message).toMatch(message);
  expect(await snapshot()).toEqual(before);
}
/** The page form (paged=true); the classic form is pinned in classic-console-contract.test.ts. */
export const list = async (query: string) => {
  const answer = await admin.get<ChannelPage>(`/api/channel/${query}${query ? '&' : '?'}paged=true`);
  expect(answer.body.success, answer.body.message).toBe(true);
  return answer.body.data!;
};

/** Starts the server, the clients and the upstream for the calling describe block, and closes them after it. */
export function useChannelConsole(): void {
  beforeAll(async () => {
    t = await startTestServer();
    upstream = await startMockUpstream();
    root = await signInAsRoot(t.url);
    admin = await userWithRole(root, 'chadmin', 10);
    common = await userWithRole(root, 'chuser', 1);
    // The mock upstream is on loopback, which the outbound guard keeps from admins unless root allows it.
    await root.put('/api/option/', { key: 'OutboundAllowList', value: '127.0.0.1' });
  });
  afterAll(async () => {
    await upstream?.close();
    await t?.close();
  });
}
