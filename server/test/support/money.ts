import { sql } from 'kysely';
import type { Db } from '../../src/store/db.ts';
import { pause } from './wait.ts';

/**
 * The money invariant, read straight from the database: for a user and one of their tokens, what
 * the wallet (users.quota) and the token (tokens.remain_quota) hold, and the quota and number of
 * their consumption log rows (logs.type = 2). Shared by the money-* tests.
 */
/** A user's wallet (users.quota), read straight from the database. */
export async function walletOf(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('users').select('quota').where('id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.quota);
}

/** The quota and number of a user's log rows of one type (consumption, refund…). */
export async function loggedOf(
  db: Db,
  userId: number,
  type: number,
): Promise<{ quota: number; rows: number }> {
  const row = await db
    .selectFrom('logs')
    .select([sql<number>`coalesce(sum(quota), 0)`.as('quota'), sql<number>`count(*)`.as('rows')])
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .executeTakeFirstOrThrow();
  return { quota: Number(row.quota), rows: Number(row.rows) };
}

export interface Account {
  userId: number;
  tokenId: number;
}

export interface Ledger {
  wallet: number;
  token: number;
  /** Sum of `quota` over the user's consumption rows, and their count. */
  walletLogged: number;
  walletRows: number;
  /** The same over the token's rows. */
  tokenLogged: number;
  tokenRows: number;
}

/** The refusals a caller gets when a wallet or a key cannot pay (relay/caller.ts, relay/reservation.ts). */
export const QUOTA_ERROR_CODES = [
  'insufficient_user_quota',
  'pre_consume_token_quota_failed',
  'token_quota_exhausted',
];

async function logged(db: Db, column: 'user_id' | 'token_id', id: number) {
  const row = await db
    .selectFrom('logs')
    .select([sql<number>`coalesce(sum(quota), 0)`.as('quota'), sql<number>`count(*)`.as('rows')])
    .where('type', '=', 2)
    .where(column, '=', id)
    .executeTakeFirstOrThrow();
  return { quota: Number(row.quota), rows: Number(row.rows) };
}

export async function readLedger(db: Db, account: Account): Promise<Ledger> {
  const user = await db
    .selectFrom('users')
    .select('quota')
    .where('id', '=', account.userId)
    .executeTakeFirstOrThrow();
  const token = await db
    .selectFrom('tokens')
    .select('remain_quota')
    .where('id', '=', account.tokenId)
    .executeTakeFirstOrThrow();
  const byUser = await logged(db, 'user_id', account.userId);
  const byToken = await logged(db, 'token_id', account.tokenId);
  return {
    wallet: Number(user.quota),
    token: Number(token.remain_quota),
    walletLogged: byUser.quota,
    walletRows: byUser.rows,
    tokenLogged: byToken.quota,
    tokenRows: byToken.rows,
  };
}

async function reservationsHeld(db: Db, accounts: Account[]): Promise<number> {
  const row = await db
    .selectFrom('reservations')
    .select(sql<number>`count(*)`.as('held'))
    .where(
      'user_id',
      'in',
      accounts.map((account) => account.userId),
    )
    .executeTakeFirstOrThrow();
  return Number(row.held);
}

/**
 * Waits until everything has settled: `idle()` says nothing is in flight (the client has its
 * answers and the mock upstream has no open request) and no reservation of these accounts is
 * left (each ends in the same transaction as its settlement or refund, log row included), so the
 * ledgers read then are final. Throws after the deadline.
 */
export async function settledLedgers(
  db: Db,
  accounts: Account[],
  idle: () => boolean,
  timeoutMs = 30_000,
): Promise<Ledger[]> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (idle() && (await reservationsHeld(db, accounts)) === 0)
      return Promise.all(accounts.map((account) => readLedger(db, account)));
    if (performance.now() > deadline) {
      const ledgers = await Promise.all(accounts.map((account) => readLedger(db, account)));
      throw new Error(
        `the gateway did not settle within ${timeoutMs} ms; last ledgers ${JSON.stringify(ledgers)}`,
      );
    }
    await pause(50);
  }
}

/** What each side lost since `start`, and what its new log rows say it was charged. */
export function movement(start: Ledger, end: Ledger) {
  return {
    walletLost: start.wallet - end.wallet,
    walletLogged: end.walletLogged - start.walletLogged,
    walletRows: end.walletRows - start.walletRows,
    tokenLost: start.token - end.token,
    tokenLogged: end.tokenLogged - start.tokenLogged,
    tokenRows: end.tokenRows - start.tokenRows,
  };
}

/** An OpenAI chat request body for the money tests. */
export function chatBody(model: string, stream: boolean, extra: Record<string, unknown> = {}) {
  return { model, messages: [{ role: 'user' as const, content: 'count to five' }], stream, ...extra };
}

export interface CallResult {
  /** The HTTP status, or 0 when the connection failed. */
  status: number;
  /** The OpenAI error code of a refusal, if any. */
  code: string | null;
  /** Date.now() when the whole answer had arrived. */
  at: number;
  /** The gateway's request id (X-Oneapi-Request-Id), which its log row records; '' when none came. */
  requestId: string;
}

/** One call with plain fetch, read to the end; never throws (a dead gateway is status 0). */
export async function callGateway(url: string, key: string, body: unknown): Promise<CallResult> {
  try {
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    let code: string | null = null;
    if (response.status !== 200) {
      try {
        code = (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? null;
      } catch {
        code = null;
      }
    }
    const requestId = response.headers.get('x-oneapi-request-id') ?? '';
    return { status: response.status, code, at: Date.now(), requestId };
  } catch {
    return { status: 0, code: null, at: Date.now(), requestId: '' };
  }
}

/** Runs `count` jobs with at most `concurrency` at a time; answers their results in order. */
export async function runBounded<T>(
  count: number,
  concurrency: number,
  job: (index: number) => Promise<T>,
): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await job(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
  return results;
}

/** A small OpenAI chat answer from the mock upstream, with this usage. */
export function chatAnswer(model: string, promptTokens: number, completionTokens: number) {
  return {
    id: 'chatcmpl-money',
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    },
  };
}
