import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reserveQuota, type ReserveOutcome } from '../../src/store/quota.ts';
import { SettlementJournal } from '../../src/relay/billing/settlement-journal.ts';
import { fixtureChunks, fixtureJson, fixturesAvailable } from '../support/fixtures.ts';
import { MockUpstream } from '../support/mock-upstream.ts';
import { consumeLogs, seedChannel, seedToken, seedUser, waitFor } from '../support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';

const START = 1_000_000;

/** Every reservation ends in exactly one settlement or refund, whatever happens after it. */
describe.skipIf(databaseUnavailable() || !fixturesAvailable)('reservations end exactly once', () => {
  let t: TestServer;
  let mock: MockUpstream;

  beforeAll(async () => {
    mock = await new MockUpstream().start();
    t = await startTestServer();
    await seedChannel(t, { baseUrl: mock.url, models: ['gpt-4.1-nano'] });
  });
  afterAll(async () => {
    await t?.close();
    await mock?.stop();
  });

  /** A wallet's quota (users) or a token's remaining quota (tokens). */
  const balanceOf = async (table: 'users' | 'tokens', id: number) => {
    const column = table === 'users' ? 'quota' : 'remain_quota';
    const { rows } = await sql<{
      balance: number | string;
    }>`select ${sql.ref(column)} as balance from ${sql.table(table)} where id = ${id}`.execute(
      t.server.store.db,
    );
    return Number(rows[0]!.balance);
  };
  const quotaOf = (id: number) => balanceOf('users', id);
  const heldFor = async (userId: number) =>
    (await t.server.store.db.selectFrom('reservations').select('id').where('user_id', '=', userId).execute())
      .length;
  const logsOf = async (userId: number) => (await consumeLogs(t)).filter((row) => row.user_id === userId);
  const chat = (key: string, extra: Record<string, unknown> = {}, signal?: AbortSignal) =>
    fetch(`${t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'gpt-4.1-nano',
        messages: [{ role: 'user', content: 'hello' }],
        ...extra,
      }),
      signal,
    });
  async function caller() {
    const userId = await seedUser(t, START);
    const { key } = await seedToken(t, { userId });
    return { userId, key };
  }

  it('a client that hangs up before the upstream answered stops the upstream call and is charged nothing', async () => {
    const { userId, key } = await caller();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    mock.handler('/v1/chat/completions', async () => {
      await held;
      return { json: fixtureJson('openai/chat/openai-text.json') };
    });
    const seen = mock.requests.length;
    const abort = new AbortController();
    const call = chat(key, {}, abort.signal).catch((error: Error) => error);
    await waitFor(
      async () => mock.requests.length,
      (n) => n > seen,
      'the upstream to receive the call',
    );
    expect(await heldFor(userId)).toBe(1);
    abort.abort();
    expect(await call).toBeInstanceOf(Error);
    await waitFor(
      async () => mock.requests.at(-1)!.aborted === true,
      (cancelled) => cancelled,
      'the upstream call to be cancelled',
    );
    await waitFor(
      () => heldFor(userId),
      (n) => n === 0,
      'the reservation to be refunded',
    );
    release();
    expect(await quotaOf(userId)).toBe(START);
    expect(await logsOf(userId)).toHaveLength(0);
  });

  it('clients that hang up right after sending (JSON and streamed) are served and charged nothing', async () => {
    const { userId, key } = await caller();
    const stream = fixtureChunks('openai/chat/openai-text.chunks.txt');
    mock.handler('/v1/chat/completions', (request) =>
      request.json?.stream === true ? { sse: stream } : { json: fixtureJson('openai/chat/openai-text.json') },
    );
    const { port } = new URL(t.url);
    const hangUp = (stream: boolean) =>
      new Promise<void>((resolve) => {
        const body = JSON.stringify({
          model: 'gpt-4.1-nano',
          messages: [{ role: 'user', content: 'hi' }],
          stream,
        });
        const socket = connect(Number(port), '127.0.0.1');
        socket.on('error', () => undefined);
        socket.on('close', () => resolve());
        const head = `POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
        socket.write(head + body, () => socket.destroy());
      });
    await Promise.all(Array.from({ length: 40 }, (_, i) => hangUp(i % 2 === 1)));
    // A call that stays: once it is settled and nothing is held, the hang-ups are over too.
    expect((await chat(key)).status).toBe(200);
    const [kept] = await waitFor(
      () => logsOf(userId),
      (rows) => rows.length >= 1,
      'the call that stayed to be logged',
    );
    await waitFor(
      () => heldFor(userId),
      (n) => n === 0,
      'every reservation to end',
    );
    expect(await logsOf(userId)).toHaveLength(1);
    expect(await quotaOf(userId)).toBe(START - Number(kept!.quota));
  });

  it('an answer that breaks off mid-body is refunded in full and reported as a gateway error, never a 500', async () => {
    const { userId, key } = await caller();
    mock.reply('/v1/chat/completions', {
      partialJson: fixtureJson('openai/chat/openai-text.json'),
      then: 'drop',
    });
    const response = await chat(key);
    expect(response.status).toBe(502);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('upstream_error');
    await waitFor(
      () => heldFor(userId),
      (n) => n === 0,
      'the reservation to be refunded',
    );
    expect(await quotaOf(userId)).toBe(START);
    expect(await logsOf(userId)).toHaveLength(0);
  });

  it('an absurd usage report is clamped to what the call could produce, and the log says what was reported', async () => {
    const { userId, key } = await caller();
    const answer = fixtureJson('openai/chat/openai-text.json') as Record<string, unknown>;
    mock.reply('/v1/chat/completions', {
      json: { ...answer, usage: { prompt_tokens: 10, completion_tokens: 1e20, total_tokens: 1e20 } },
    });
    expect((await chat(key, { max_tokens: 100 })).status).toBe(200);
    const [log] = await waitFor(
      () => logsOf(userId),
      (rows) => rows.length === 1,
      'the log row',
    );
    // At most max(2 × 100, 100 + 65,536) completion tokens for a call limited to 100.
    expect(log!.completion_tokens).toBe(65_636);
    expect(JSON.parse(log!.other!).admin_info.reported_usage).toEqual({
      prompt_tokens: 10,
      completion_tokens: 1e20,
    });
    expect(START - (await quotaOf(userId))).toBe(Number(log!.quota));
    expect(Number(log!.quota)).toBeGreaterThan(0);
  });

  it('a malformed usage report is counted locally, not billed as zero', async () => {
    const { userId, key } = await caller();
    const answer = fixtureJson('openai/chat/openai-text.json') as Record<string, unknown>;
    mock.reply('/v1/chat/completions', {
      json: { ...answer, usage: { prompt_tokens: -5, completion_tokens: 'many', total_tokens: -5 } },
    });
    expect((await chat(key)).status).toBe(200);
    const [log] = await waitFor(
      () => logsOf(userId),
      (rows) => rows.length === 1,
      'the log row',
    );
    expect(log!.completion_tokens).toBeGreaterThan(0);
    expect(JSON.parse(log!.other!).local_count).toBe(true);
    expect(Number(log!.quota)).toBeGreaterThan(0);
    expect(START - (await quotaOf(userId))).toBe(Number(log!.quota));
  });

  it('reservations made together are judged one by one, in order, as if each were alone', async () => {
    // A wallet of 1,000 and a token of 700: calls arriving in one turn of the event loop are
    // reserved in one transaction (group commit), and each must still see what the ones before it took.
    const userId = await seedUser(t, 1000);
    const { id: tokenId } = await seedToken(t, { userId, remainQuota: 700, unlimited: false });
    const limited = { userId, tokenId, tokenUnlimited: false };
    const unlimited = { userId, tokenId: 0, tokenUnlimited: true };
    const asks = [
      { payer: limited, amount: 400 },
      { payer: limited, amount: 400 }, // the token has 300 left
      { payer: unlimited, amount: 500 },
      { payer: unlimited, amount: 200 }, // the wallet has 100 left
      { payer: limited, amount: 100 },
      { payer: limited, amount: 1 }, // the wallet is empty
    ];
    const outcomes = await Promise.all(
      asks.map(({ payer, amount }, i) =>
        reserveQuota(t.server.store, { id: `together-${userId}-${i}`, nodeId: 'test-node', payer, amount }),
      ),
    );
    // Whatever the order the database took them in (MySQL's calls run side by side), nothing is
    // overdrawn and the balances moved by exactly what was reserved.
    const took = (match: (ask: (typeof asks)[number]) => boolean) =>
      asks.reduce((sum, ask, i) => sum + (outcomes[i] === 'reserved' && match(ask) ? ask.amount : 0), 0);
    expect(took(() => true)).toBeLessThanOrEqual(1000);
    expect(await quotaOf(userId)).toBe(1000 - took(() => true));
    expect(await balanceOf('tokens', tokenId)).toBe(700 - took((ask) => ask.payer === limited));
    expect(await heldFor(userId)).toBe(outcomes.filter((outcome) => outcome === 'reserved').length);
    // SQLite and PostgreSQL take one turn's reservations in one transaction, in arrival order.
    if (t.server.store.dialect !== 'mysql') {
      expect(outcomes).toEqual([
        'reserved',
        'token_quota_exhausted',
        'reserved',
        'user_quota_exhausted',
        'reserved',
        'user_quota_exhausted',
      ]);
    }
  });

  it('a reservation asked while another transaction of this process is open sees what it commits', async () => {
    const { userId } = await caller();
    const payer = { userId, tokenId: 0, tokenUnlimited: true };
    let reservation: Promise<ReserveOutcome> | undefined;
    await t.server.store.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ quota: 300 }).where('id', '=', userId).execute();
      reservation = reserveQuota(t.server.store, {
        id: `open-${userId}`,
        nodeId: 'test-node',
        payer,
        amount: 500,
      });
      // A turn of the event loop: SQLite's group commit runs its batch then, inside this transaction
      // if it did not wait for it (and would find 300).
      await new Promise((resolve) => setImmediate(resolve));
      await trx.updateTable('users').set({ quota: 600 }).where('id', '=', userId).execute();
    });
    expect(await reservation).toBe('reserved');
    expect(await quotaOf(userId)).toBe(100);
  });

  it('after a crash, the restarted process settles its journal and refunds what it left reserved', async () => {
    const { userId } = await caller();
    const dir = t.env.SETTLEMENT_JOURNAL_DIR!;
    const nodeId = `${readFileSync(join(dir, 'node-id'), 'utf8').trim()}/0`;
    const payer = { userId, tokenId: 0, tokenUnlimited: true };
    // What a killed process leaves: one call answered whose settlement only reached the journal,
    // one call still in flight.
    for (const id of ['answered', 'in-flight'])
      expect(await reserveQuota(t.server.store, { id: `${id}-${userId}`, nodeId, payer, amount: 500 })).toBe(
        'reserved',
      );
    new SettlementJournal(join(dir, 'settlements-0.jsonl')).append([
      {
        reservationId: `answered-${userId}`,
        payer,
        reserved: 500,
        cost: 120,
        channelId: 0,
        log: { user_id: userId, type: 2, model_name: 'gpt-4.1-nano', other: '{}' },
      },
    ]);
    expect(await quotaOf(userId)).toBe(START - 1000);

    await t.restart();
    expect(await heldFor(userId)).toBe(0);
    expect(await quotaOf(userId)).toBe(START - 120);
    expect((await logsOf(userId)).map((row) => Number(row.quota))).toEqual([120]);
    // Starting again changes nothing more.
    await t.restart();
    expect(await quotaOf(userId)).toBe(START - 120);
  });
});
