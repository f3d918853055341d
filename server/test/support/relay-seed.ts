import { randomAlphanumeric } from '../../src/auth/random.ts';
import { insertReturningId } from '../../src/store/insert.ts';
import type { Store } from '../../src/store/db.ts';
import type { TestServer } from './test-server.ts';
import { waitFor } from './wait.ts';

export interface ChannelSeed {
  baseUrl: string;
  models: string[];
  type?: number;
  key?: string;
  group?: string;
  priority?: number;
  weight?: number;
  name?: string;
  modelMapping?: Record<string, string>;
  statusCodeMapping?: Record<string, string>;
  other?: string;
  autoBan?: number;
  status?: number;
}

/** Puts a channel straight into the database and refreshes the routing index. */
export async function seedChannel(t: TestServer, seed: ChannelSeed): Promise<number> {
  const id = await insertReturningId(t.server.store, 'channels', {
    type: seed.type ?? 1,
    key: seed.key ?? 'sk-upstream-key',
    name: seed.name ?? `mock ${seed.models[0]}`,
    base_url: seed.baseUrl,
    models: seed.models.join(','),
    group: seed.group ?? 'default',
    priority: seed.priority ?? 0,
    weight: seed.weight ?? 0,
    model_mapping: seed.modelMapping ? JSON.stringify(seed.modelMapping) : null,
    status_code_mapping: seed.statusCodeMapping ? JSON.stringify(seed.statusCodeMapping) : null,
    other: seed.other ?? null,
    auto_ban: seed.autoBan ?? 1,
    status: seed.status ?? 1,
  });
  await t.server.channels.rebuild();
  return id;
}

export interface TokenSeed {
  userId?: number;
  unlimited?: boolean;
  remainQuota?: number;
  group?: string;
  modelLimits?: string[];
  allowIps?: string;
  status?: number;
  expiredTime?: number;
  name?: string;
}

/** Creates an API key for a user (root by default) and answers it with the sk- prefix. */
export async function seedToken(t: TestServer, seed: TokenSeed = {}): Promise<{ key: string; id: number }> {
  return insertTokenRow(t.server.store, seed);
}

/** The same, straight into a store (for gateways running as separate processes). */
export async function insertTokenRow(
  store: Store,
  seed: TokenSeed = {},
): Promise<{ key: string; id: number }> {
  const key = randomAlphanumeric(48);
  const id = await insertReturningId(store, 'tokens', {
    user_id: seed.userId ?? 1,
    key,
    name: seed.name ?? 'test key',
    status: seed.status ?? 1,
    expired_time: seed.expiredTime ?? -1,
    remain_quota: seed.remainQuota ?? 0,
    unlimited_quota: seed.unlimited === false ? 0 : 1,
    model_limits_enabled: seed.modelLimits ? 1 : 0,
    model_limits: seed.modelLimits?.join(',') ?? '',
    allow_ips: seed.allowIps ?? '',
    group: seed.group ?? '',
  });
  return { key: `sk-${key}`, id };
}

/** A common user with this much quota (in a group), for billing tests. */
export async function seedUser(t: TestServer, quota: number, group = 'default'): Promise<number> {
  return insertUserRow(t.server.store, quota, group);
}

/** The same, straight into a store. */
export async function insertUserRow(store: Store, quota: number, group = 'default'): Promise<number> {
  return insertReturningId(store, 'users', {
    username: `u${randomAlphanumeric(8)}`,
    password: 'x',
    quota,
    group,
  });
}

/** A user's wallet and a token's remaining quota as stored now. */
export async function balancesOf(t: TestServer, userId: number, tokenId: number) {
  const db = t.server.store.db;
  const user = await db
    .selectFrom('users')
    .select('quota')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const token = await db
    .selectFrom('tokens')
    .select('remain_quota')
    .where('id', '=', tokenId)
    .executeTakeFirstOrThrow();
  return { user: Number(user.quota), token: Number(token.remain_quota) };
}

export { waitFor };

/** The billing formula, written out independently of the server's code. */
export function expectedQuota(
  usage: { prompt: number; completion: number; cached?: number },
  ratios: { model: number; completion: number; cache?: number; group?: number },
): number {
  const cached = usage.cached ?? 0;
  const prompt = usage.prompt - cached + cached * (ratios.cache ?? 1);
  const quota = Math.round(
    (prompt + usage.completion * ratios.completion) * ratios.model * (ratios.group ?? 1),
  );
  return usage.prompt + usage.completion === 0 ? 0 : Math.max(quota, 1);
}

export async function consumeLogs(t: TestServer) {
  return t.server.store.db.selectFrom('logs').selectAll().where('type', '=', 2).orderBy('id').execute();
}

/** Sets an option as root through PUT /api/option/ (it takes effect at once); throws if refused. */
export async function setRelayOption(
  root: { put(path: string, body: unknown): Promise<{ body: { success: boolean; message?: string } }> },
  key: string,
  value: string,
): Promise<void> {
  const answer = await root.put('/api/option/', { key, value });
  if (!answer.body.success) throw new Error(`option ${key}=${value} refused: ${answer.body.message}`);
}

/** A relay answer: an error is always in the OpenAI shape; body is null when the answer is not JSON. */
export interface RelayAnswer {
  status: number;
  body: { error?: { message: string; type: string; param: unknown; code: string | null } } | null;
}

/** A relay call made with plain fetch: the HTTP status and the parsed JSON answer. */
export async function relayPost(
  t: TestServer,
  key: string | null,
  body: unknown,
  headers: Record<string, string> = {},
  path = '/v1/chat/completions',
): Promise<RelayAnswer> {
  const response = await fetch(t.url + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(key === null ? {} : { authorization: `Bearer ${key}` }),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: RelayAnswer['body'] = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON (a stream): null.
  }
  return { status: response.status, body: parsed };
}

/** A channel's row as stored now. */
export async function channelRow(t: TestServer, id: number) {
  return t.server.store.db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Waits until `calls` consumption rows exist (settlement runs in the background), then answers the last. */
export async function lastLogAfter(t: TestServer, calls: number) {
  const rows = await waitFor(
    () => consumeLogs(t),
    (r) => r.length === calls,
    `${calls} consumption log rows`,
  );
  return rows.at(-1)!;
}
