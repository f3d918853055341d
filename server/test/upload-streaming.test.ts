import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processMemory } from './support/body-flood.ts';
import { startCluster, type MoneyCluster } from './support/money-cluster.ts';
import { movement, readLedger, type Account, type Ledger } from './support/money.ts';
import { MockUpstream } from './support/mock-upstream.ts';
import { insertTokenRow, insertUserRow, setRelayOption, waitFor } from './support/relay-seed.ts';
import { databaseUnavailable } from './support/test-server.ts';
import { openSpoolFiles, receivedUpload, startUpload } from './support/upload-client.ts';

const MB = 1024 * 1024;
const WALLET = 10_000_000;
/** Per-call prices: each call reserves and costs exactly this (ModelPrice × 500,000). */
const COST = 5000;
const TRANSCRIPT = { text: 'a long talk', duration: 3600 };

/** An upstream that takes `dropAfterMB` of an upload, then cuts the connection: it fails mid-upload. */
async function droppingUpstream(dropAfterMB: number): Promise<{ server: Server; url: string; hits: number }> {
  const state = { server: undefined as unknown as Server, url: '', hits: 0 };
  state.server = createServer((req) => {
    state.hits += 1;
    let received = 0;
    req.on('error', () => {}); // The reset it causes itself.
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received >= dropAfterMB * MB) req.socket.destroy();
    });
  });
  await new Promise<void>((resolve) => state.server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(state.server.address() as AddressInfo).port}`;
  return state;
}

/**
 * Uploads (audio transcriptions) are streamed: read as they arrive into a nameless spool file and
 * streamed on to the upstream, so the gateway's memory does not grow with the body, while the
 * limit, retries and billing work as for any call. The gateway runs as a child process whose
 * memory and open files are read from /proc.
 */
describe.skipIf(databaseUnavailable())('uploads are streamed, not held in memory', () => {
  let mock: MockUpstream;
  let dropping: Awaited<ReturnType<typeof droppingUpstream>>;
  let cluster: MoneyCluster;
  let spoolDir: string;
  let url: string;
  let pid: number;

  beforeAll(async () => {
    mock = await new MockUpstream().reply('/v1/audio/transcriptions', { json: TRANSCRIPT }).start();
    dropping = await droppingUpstream(1);
    spoolDir = mkdtempSync(join(tmpdir(), 'relaygate-spool-test-'));
    cluster = await startCluster({
      nodes: 1,
      // A small young generation makes V8 collect freed socket buffers promptly, so the memory bound measures
      // what is held (a held body would be hundreds of MB), not how far garbage piles up on a loaded machine.
      env: {
        WORKERS: '1',
        MAX_REQUEST_BODY_MB: '128',
        TMPDIR: spoolDir,
        NODE_OPTIONS: '--max-semi-space-size=1',
      },
      prepare: async (root) => {
        const channel = (name: string, base_url: string, models: string, priority: number) =>
          root.post('/api/channel/', {
            name,
            type: 1,
            key: 'sk-up',
            base_url,
            models,
            priority,
            auto_ban: 0,
          });
        // whisper-1: the dropping upstream first, the good one on retry; whisper-doomed: only the dropping one.
        await channel('drops', dropping.url, 'whisper-1,whisper-doomed', 10);
        await channel('good', mock.url, 'whisper-1', 0);
        await setRelayOption(root, 'RetryTimes', '1');
        await setRelayOption(
          root,
          'ModelPrice',
          JSON.stringify({ 'whisper-1': 0.01, 'whisper-doomed': 0.01 }),
        );
      },
    });
    url = cluster.nodes[0]!.url;
    pid = cluster.nodes[0]!.process.pid!;
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    await mock?.stop();
    await new Promise((resolve) => (dropping ? dropping.server.close(resolve) : resolve(undefined)));
    rmSync(spoolDir, { recursive: true, force: true });
  });

  async function caller(): Promise<Account & { key: string }> {
    const userId = await insertUserRow(cluster.store, WALLET);
    const token = await insertTokenRow(cluster.store, { userId });
    return { userId, tokenId: token.id, key: token.key };
  }
  const reservationsOf = async (userId: number) =>
    (await cluster.store.db.selectFrom('reservations').select('id').where('user_id', '=', userId).execute())
      .length;
  const noSpoolLeft = () =>
    waitFor(
      async () => openSpoolFiles(pid),
      (open) => open === 0,
      'the gateway to close every spool file',
    );

  /** Once the gateway is done with the call: no spool file open, no reservation held, not a unit charged. */
  async function expectUncharged(account: Account, start: Ledger) {
    await noSpoolLeft();
    expect(readdirSync(spoolDir)).toEqual([]);
    await waitFor(
      () => reservationsOf(account.userId),
      (held) => held === 0,
      'the reservation to end',
    );
    expect(await readLedger(cluster.store.db, account)).toEqual(start);
  }

  it('relays four concurrent 100 MB uploads intact through a retry, memory far below the bodies, each charged once', async () => {
    const accounts = await Promise.all([1, 2, 3, 4].map(() => caller()));
    const starts = await Promise.all(accounts.map((account) => readLedger(cluster.store.db, account)));
    const before = processMemory(pid);
    const droppedBefore = dropping.hits;
    const seen = mock.requests.length;

    // The model comes after the file, so the gateway must take in the whole file before routing.
    const uploads = accounts.map((account) =>
      startUpload({ url, key: account.key, megabytes: 100, model: 'whisper-1', modelLast: true }),
    );
    const answers = await Promise.all(uploads.map((upload) => upload.answer));

    const after = processMemory(pid);
    const grown = after.peak - before.rss;
    console.log(
      `gateway memory for four concurrent 100 MB uploads: peak ${(grown / MB).toFixed(1)} MB above its start, ` +
        `${((after.rss - before.rss) / MB).toFixed(1)} MB after`,
    );
    expect(grown).toBeLessThan(100 * MB);
    for (const answer of answers) {
      expect(answer.status, answer.body).toBe(200);
      expect(JSON.parse(answer.body)).toEqual(TRANSCRIPT);
    }
    // Each upload: the first channel cut the connection mid-upload; the retry sent the whole file again.
    expect(dropping.hits).toBe(droppedBefore + 4);
    const received = await Promise.all(
      mock.requests
        .slice(seen)
        .map((upstream) => receivedUpload(upstream.body, String(upstream.headers['content-type']))),
    );
    const expected = uploads.map((upload) => ({
      fields: { response_format: 'json', model: 'whisper-1' },
      file: { ...upload.file, name: 'long-talk.wav' },
    }));
    const bySum = (a: { file: { sha256: string } }, b: { file: { sha256: string } }) =>
      a.file.sha256.localeCompare(b.file.sha256);
    expect(received.sort(bySum)).toEqual(expected.sort(bySum));
    mock.requests.length = seen; // 400 MB the test need not keep.

    await noSpoolLeft();
    expect(readdirSync(spoolDir)).toEqual([]);
    await waitFor(
      async () => (await Promise.all(accounts.map((a) => reservationsOf(a.userId)))).every((n) => n === 0),
      (settled) => settled,
      'the reservations to be settled',
    );
    for (const [i, account] of accounts.entries()) {
      const moved = movement(starts[i]!, await readLedger(cluster.store.db, account));
      expect(moved).toMatchObject({ walletLost: COST, walletLogged: COST, walletRows: 1 });
    }
  }, 120_000);

  it('refuses an upload over the limit with 413 in the OpenAI format, forwards nothing, charges nothing', async () => {
    const account = await caller();
    const start = await readLedger(cluster.store.db, account);
    const upstreamCalls = mock.requests.length + dropping.hits;

    // Announced too large: refused before a byte of the body is read.
    const announced = await startUpload({ url, key: account.key, megabytes: 130, model: 'whisper-1' }).answer;
    // Chunked, with no length: counted as it arrives and cut at the limit.
    const counted = await startUpload({
      url,
      key: account.key,
      megabytes: 130,
      model: 'whisper-1',
      chunked: true,
    }).answer;
    for (const answer of [announced, counted]) {
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({
        error: { message: expect.stringMatching(/too large/), type: 'invalid_request_error' },
      });
    }

    await expectUncharged(account, start);
    expect(mock.requests.length + dropping.hits).toBe(upstreamCalls);
    expect((await fetch(`${url}/api/status`)).ok).toBe(true);
  }, 120_000);

  it('a client that hangs up mid-upload leaves no spool file and no reservation, and is not charged', async () => {
    const account = await caller();
    const start = await readLedger(cluster.store.db, account);
    const upstreamCalls = mock.requests.length + dropping.hits;

    const upload = startUpload({
      url,
      key: account.key,
      megabytes: 100,
      model: 'whisper-1',
      pauseAfterMB: 30,
    });
    await upload.paused;
    // Mid-upload, the file part is being written to a nameless spool file.
    await waitFor(
      async () => openSpoolFiles(pid),
      (open) => open === 1,
      'the gateway to spool the upload',
    );
    upload.abort();
    expect((await upload.answer).status).toBe(0);

    await expectUncharged(account, start);
    expect(mock.requests.length + dropping.hits).toBe(upstreamCalls);
  }, 120_000);

  it('a client that hangs up while its upload is with the upstream stops the call and is refunded', async () => {
    const account = await caller();
    const start = await readLedger(cluster.store.db, account);
    const seen = mock.requests.length;
    mock.holdAnswers();
    try {
      const upload = startUpload({ url, key: account.key, megabytes: 5, model: 'whisper-1' });
      await waitFor(
        async () => mock.requests.length,
        (n) => n > seen,
        'the upstream to receive the whole upload',
      );
      expect(await reservationsOf(account.userId)).toBe(1);
      upload.abort();
      expect((await upload.answer).status).toBe(0);
      await waitFor(
        async () => mock.requests.at(-1)!.aborted === true,
        (cancelled) => cancelled,
        'the gateway to cancel the upstream call',
      );
    } finally {
      mock.releaseAnswers();
    }
    await expectUncharged(account, start);
  }, 120_000);

  it('an upstream that fails mid-upload, with no channel left to retry, is a 502 and costs nothing', async () => {
    const account = await caller();
    const start = await readLedger(cluster.store.db, account);
    const droppedBefore = dropping.hits;

    const answer = await startUpload({ url, key: account.key, megabytes: 20, model: 'whisper-doomed' })
      .answer;

    expect(answer.status).toBe(502);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { message: /upstream connection failed/ } });
    expect(dropping.hits).toBe(droppedBefore + 1);
    await expectUncharged(account, start);
  }, 120_000);
});
