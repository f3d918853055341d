import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureChunks, fixturesAvailable } from '../support/fixtures.ts';
import { chatBody, movement, readLedger, settledLedgers, type Account } from '../support/money.ts';
import { addMockChannel, startCluster, type MoneyCluster } from '../support/money-cluster.ts';
import { MockUpstream } from '../support/mock-upstream.ts';
import { insertTokenRow, insertUserRow, waitFor } from '../support/relay-seed.ts';
import { spawnGateway, type SpawnedGateway } from '../support/spawn-gateway.ts';
import { databaseUnavailable } from '../support/test-server.ts';

/**
 * Issue #30 item 6: SIGTERM finishes the calls in flight and exits 0; what is still open when
 * SHUTDOWN_GRACE_SECONDS have passed, or at a second SIGTERM, is cut and settled as a caller's
 * hang-up. Whatever happens, what a wallet lost equals what its log rows say and no reservation
 * is left behind.
 */
const MODEL = 'gpt-4o-mini';
const STREAMS = 4;
const WALLET = 5_000_000;
const EVENTS_BEFORE_STALL = 3;

/** A streamed chat call read as it comes: the events so far, and how the stream ended. */
function openStream(url: string, key: string) {
  const events: string[] = [];
  const ended = (async () => {
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(chatBody(MODEL, true)),
    });
    if (response.status !== 200) return { status: response.status, complete: false };
    let text = '';
    try {
      for await (const chunk of response.body!) {
        text += Buffer.from(chunk).toString();
        events.splice(0, events.length, ...text.split('\n\n').filter((event) => event.startsWith('data:')));
      }
    } catch {
      // Cut by the gateway: the events read so far are what the caller got.
    }
    return { status: 200, complete: events.at(-1) === 'data: [DONE]' };
  })();
  return { events, ended };
}

describe.skipIf(databaseUnavailable() || !fixturesAvailable)('graceful shutdown on SIGTERM', () => {
  const stream = fixturesAvailable ? fixtureChunks('openai/chat/openai-text.chunks.txt') : [];
  let mock: MockUpstream;
  let cluster: MoneyCluster;

  beforeAll(async () => {
    mock = await new MockUpstream().start();
    cluster = await startCluster({
      nodes: 1,
      prepare: (root) => addMockChannel(root, mock.url, [MODEL]),
    });
    // The cluster's own node is not used: each case starts a node with its own grace period.
    await cluster.nodes[0]!.stop();
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    await mock?.stop();
  });

  async function account(): Promise<Account & { key: string }> {
    const userId = await insertUserRow(cluster.store, WALLET);
    const token = await insertTokenRow(cluster.store, { userId, unlimited: true });
    return { userId, tokenId: token.id, key: token.key };
  }

  /** A node on the cluster's database, its exit awaited from now on. */
  async function node(graceSeconds: number) {
    const gateway: SpawnedGateway = await spawnGateway(cluster.db, {
      SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
      SYNC_FREQUENCY: '3600',
    });
    const exit = once(gateway.process, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    return { gateway, exit };
  }

  /**
   * Waits until the node no longer takes a new call (answered 503, or its connection refused or
   * never served). A connection the cluster primary accepts while its last worker closes can be
   * left unserved for good (node's round-robin handle queues it for a worker that is gone), so a
   * probe that gets no answer in a few seconds is taken as refused, not awaited for ever.
   */
  async function untilClosing(gateway: SpawnedGateway, key: string) {
    await waitFor(
      () =>
        fetch(`${gateway.url}/v1/models`, {
          headers: { authorization: `Bearer ${key}` },
          signal: AbortSignal.timeout(3_000),
        }).then(
          (answer) => answer.status,
          () => 0,
        ),
      (status) => status === 503 || status === 0,
      'new calls refused while closing',
    );
  }

  /** The wallet lost exactly what its log rows say, and nothing is held any more. */
  async function expectSettled(who: Account, start: Awaited<ReturnType<typeof readLedger>>) {
    const [end] = await settledLedgers(cluster.store.db, [who], () => mock.inFlight === 0);
    const moved = movement(start, end!);
    expect(moved.walletLost).toBe(moved.walletLogged);
    return moved;
  }

  it('lets the calls in flight finish, bills each of them, and exits 0', async () => {
    const who = await account();
    const start = await readLedger(cluster.store.db, who);
    const { gateway, exit } = await node(600);
    mock.reply('/v1/chat/completions', { sse: stream });
    mock.holdAnswers();
    try {
      const calls = Array.from({ length: STREAMS }, () => openStream(gateway.url, who.key));
      await waitFor(
        async () => mock.inFlight,
        (held) => held === STREAMS,
        'every call at the upstream',
      );
      gateway.process.kill('SIGTERM');
      await untilClosing(gateway, who.key);
      mock.releaseAnswers();
      const ended = await Promise.all(calls.map((call) => call.ended));
      expect(ended).toEqual(Array.from({ length: STREAMS }, () => ({ status: 200, complete: true })));
      expect(await exit).toEqual([0, null]);
    } finally {
      mock.releaseAnswers();
    }
    const moved = await expectSettled(who, start);
    expect(moved.walletRows).toBe(STREAMS);
    expect(moved.walletLogged).toBeGreaterThan(0);
  });

  it('cuts the streams still open when the grace period ends, settles them as hang-ups, and exits 0', async () => {
    const who = await account();
    const start = await readLedger(cluster.store.db, who);
    const { gateway, exit } = await node(1);
    mock.reply('/v1/chat/completions', { sse: stream, stallAfter: EVENTS_BEFORE_STALL });
    const aborted = mock.abortedStreams;
    const calls = Array.from({ length: STREAMS }, () => openStream(gateway.url, who.key));
    for (const call of calls)
      await waitFor(
        async () => call.events.length,
        (count) => count >= 1,
        'the first events of every stream at the caller',
      );
    gateway.process.kill('SIGTERM');
    expect(await exit).toEqual([0, null]);
    const ended = await Promise.all(calls.map((call) => call.ended));
    expect(ended.every((end) => end.status === 200 && !end.complete)).toBe(true);
    expect(mock.abortedStreams - aborted).toBe(STREAMS);
    // Each cut stream billed for what it had counted, with its row, as a caller's hang-up is.
    const moved = await expectSettled(who, start);
    expect(moved.walletRows).toBe(STREAMS);
  });

  it('cuts what is left at a second SIGTERM, long before the grace period ends', async () => {
    const who = await account();
    const start = await readLedger(cluster.store.db, who);
    // Ten minutes of grace: only the second signal can end this node within the test's time.
    const { gateway, exit } = await node(600);
    mock.reply('/v1/chat/completions', { sse: stream, stallAfter: EVENTS_BEFORE_STALL });
    const call = openStream(gateway.url, who.key);
    await waitFor(
      async () => call.events.length,
      (count) => count >= 1,
      'the first events at the caller',
    );
    gateway.process.kill('SIGTERM');
    await untilClosing(gateway, who.key);
    expect(gateway.process.exitCode, 'still finishing the open stream').toBeNull();
    gateway.process.kill('SIGTERM');
    expect(await exit).toEqual([0, null]);
    expect(await call.ended).toEqual({ status: 200, complete: false });
    await expectSettled(who, start);
  });
});
