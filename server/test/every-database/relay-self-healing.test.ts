import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBench, upstreamError, type OpenBench } from '../support/channel-bench.ts';
import { chatAnswer, readLedger, settledLedgers, movement, type Account } from '../support/money.ts';
import type { MockReply } from '../support/mock-upstream.ts';
import { relayPost, setRelayOption } from '../support/relay-seed.ts';
import { databaseUnavailable } from '../support/test-server.ts';

/** Per-call prices (USD), so each model's charge is known exactly: 500 000 quota = 1 USD. */
const PRICES = { 'heal-main': 0.02, 'heal-backup': 0.002 };
const quotaOf = (model: keyof typeof PRICES) => Math.round(PRICES[model] * 500_000);

const streamOf = (model: string): MockReply => ({
  sse: [
    JSON.stringify({
      id: 's',
      object: 'chat.completion.chunk',
      model,
      choices: [{ index: 0, delta: { content: 'ok' } }],
    }),
    JSON.stringify({
      id: 's',
      object: 'chat.completion.chunk',
      model,
      choices: [],
      usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 },
    }),
  ],
});
const answerOf = (model: string): MockReply => ({ json: chatAnswer(model, 12, 3) });
const call = (model: string, stream = false) => ({
  model,
  stream,
  messages: [{ role: 'user', content: 'hi' }],
});

/** A channel that takes the call and says nothing at all (no headers) until the gateway hangs up. */
const SILENT: MockReply = { delayMs: 600_000, reply: answerOf('heal-main') };

/**
 * Self-healing routing with money on every database: a channel silent past the first-byte time is
 * left (the call cancelled upstream) and the next one answers, billed once for what it served;
 * a fallback model serves when the requested one cannot, and is billed at its own price.
 */
describe.skipIf(databaseUnavailable())('self-healing routing', () => {
  let s: OpenBench;

  beforeAll(async () => {
    s = await openBench();
    await setRelayOption(s.root, 'ModelPrice', JSON.stringify(PRICES));
    await setRelayOption(s.root, 'RetryTimes', '1');
    await setRelayOption(s.root, 'StreamFirstByteTimeoutSeconds', '1');
    await setRelayOption(s.root, 'FirstByteTimeoutSeconds', '1');
    await setRelayOption(s.root, 'ModelFallbacks', JSON.stringify({ 'heal-main': ['heal-backup'] }));
  });
  afterAll(() => s?.close());

  /** A caller in a group of its own, and its ledger before any call. */
  async function caller(group: string) {
    const { userId, id, key } = await s.bench.callerIn(group, 100_000_000, {
      unlimited: false,
      remainQuota: 50_000_000,
    });
    const account: Account = { userId, tokenId: id };
    return { key, account, start: await readLedger(s.t.server.store.db, account) };
  }
  const settled = async (account: Account) =>
    (await settledLedgers(s.t.server.store.db, [account], () => s.mock.inFlight === 0))[0]!;

  for (const [label, silent, stream] of [
    ['a stream whose channel sends no headers', SILENT, true],
    ['a stream whose channel sends headers and then nothing', { silentStream: true } as MockReply, true],
    ['a plain call whose channel sends no headers', SILENT, false],
  ] as const) {
    it(`leaves ${label} after the first-byte time; the next channel answers, billed once`, async () => {
      const g = `fb-${label.length}-${stream ? 's' : 'p'}`;
      const silentId = await s.bench.channel(
        `${g}-silent`,
        g,
        { priority: 10, models: ['heal-main'] },
        silent,
      );
      const goodId = await s.bench.channel(
        `${g}-good`,
        g,
        { models: ['heal-main'] },
        stream ? streamOf('heal-main') : answerOf('heal-main'),
      );
      const { key, account, start } = await caller(g);

      const answer = await relayPost(s.t, key, call('heal-main', stream));
      expect(answer.status, answer.body?.error?.message).toBe(200);
      expect(s.bench.hits(`${g}-silent`)).toBe(1);
      expect(s.bench.hits(`${g}-good`)).toBe(1);
      // The silent call was cancelled upstream, not left open.
      expect(s.mock.requestsTo(s.bench.path(`${g}-silent`))[0]!.aborted).toBe(true);

      const moved = movement(start, await settled(account));
      expect(moved).toMatchObject({
        walletLost: quotaOf('heal-main'),
        walletLogged: quotaOf('heal-main'),
        walletRows: 1,
      });
      expect(moved.tokenLost).toBe(quotaOf('heal-main'));
      const [row] = await s.bench.waitLogs(g, 1);
      expect(row!.channel_id).toBe(goodId);
      expect(JSON.parse(row!.other!).admin_info).toMatchObject({
        use_channel: [silentId, goodId],
        first_byte_timeouts: [silentId],
      });
    });
  }

  it('refunds in full a call whose only channel stays silent', async () => {
    const g = 'fb-alone';
    await s.bench.channel(`${g}-silent`, g, { models: ['heal-main'] }, SILENT);
    const { key, account, start } = await caller(g);
    const answer = await relayPost(s.t, key, call('heal-main', true));
    expect(answer.status).toBe(504);
    expect(movement(start, await settled(account))).toMatchObject({
      walletLost: 0,
      tokenLost: 0,
      walletRows: 0,
    });
  });

  it('serves a fallback model when every channel of the requested one failed, at the fallback’s price', async () => {
    const g = 'fallback';
    const mainId = await s.bench.channel(
      `${g}-main`,
      g,
      { models: ['heal-main'] },
      upstreamError(500, 'main is down'),
    );
    const backupId = await s.bench.channel(
      `${g}-backup`,
      g,
      { models: ['heal-backup'] },
      answerOf('heal-backup'),
    );
    const { key, account, start } = await caller(g);

    const answer = await relayPost(s.t, key, call('heal-main'));
    expect(answer.status).toBe(200);
    expect((answer.body as { model?: string }).model).toBe('heal-backup');
    expect(s.mock.requestsTo(s.bench.path(`${g}-backup`))[0]!.json!.model).toBe('heal-backup');

    const moved = movement(start, await settled(account));
    expect(moved).toMatchObject({
      walletLost: quotaOf('heal-backup'),
      walletLogged: quotaOf('heal-backup'),
      walletRows: 1,
    });
    const [row] = await s.bench.waitLogs(g, 1);
    expect(row!.model_name).toBe('heal-main');
    expect(row!.channel_id).toBe(backupId);
    const other = JSON.parse(row!.other!);
    expect(other.fallback_model).toBe('heal-backup');
    expect(other.admin_info.use_channel).toEqual([mainId, backupId]);
  });

  it('serves a fallback model when the requested one has no channel at all', async () => {
    const g = 'fallback-none';
    await s.bench.channel(`${g}-backup`, g, { models: ['heal-backup'] }, answerOf('heal-backup'));
    const { key, account, start } = await caller(g);
    expect((await relayPost(s.t, key, call('heal-main'))).status).toBe(200);
    expect(movement(start, await settled(account))).toMatchObject({
      walletLost: quotaOf('heal-backup'),
      walletRows: 1,
    });
  });

  it('does not fall back on the caller’s own error', async () => {
    const g = 'fallback-4xx';
    await s.bench.channel(
      `${g}-main`,
      g,
      { models: ['heal-main'] },
      upstreamError(400, 'your request is bad'),
    );
    await s.bench.channel(`${g}-backup`, g, { models: ['heal-backup'] }, answerOf('heal-backup'));
    const { key, account, start } = await caller(g);
    expect((await relayPost(s.t, key, call('heal-main'))).status).toBe(400);
    expect(s.bench.hits(`${g}-backup`)).toBe(0);
    expect(movement(start, await settled(account))).toMatchObject({ walletLost: 0, walletRows: 0 });
  });
});
