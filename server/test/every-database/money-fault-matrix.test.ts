import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeOption } from '../../src/store/options.ts';
import { loadTokenizer } from '../../src/relay/answer/token-counter.ts';
import { becomes } from '../support/wait.ts';
import { chatBody, movement, readLedger, settledLedgers, type Account } from '../support/money.ts';
import { MAX_TOKENS, MODEL, UPSTREAM_FAULTS, type UpstreamFault } from '../support/money-faults.ts';
import { MockUpstream } from '../support/mock-upstream.ts';
import { seedChannel, seedToken, seedUser, waitFor } from '../support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * Issue #11 item 9, the fault matrix: every upstream fault × stream or not × how the client
 * behaves (stays to the end with the official client; hangs up early, before the upstream has
 * answered; hangs up late, after the headers or the first event), each against a fresh user with
 * a limited token. After every case, once the gateway is idle:
 *  - what the wallet and the token lost equals the sum of their log rows' quota, exactly;
 *  - an answered call (200, or a stream that delivered anything) has exactly one log row, and a
 *    refused or failed one leaves both balances as they were;
 *  - the gateway never answers 500, and its errors are in the OpenAI shape;
 *  - an early hang-up cancels the upstream call and costs nothing;
 *  - a nonsensical usage is charged a finite amount > 0, at most what the wallet had.
 */

const WALLET = 1_000_000;
const TOKEN = 200_000;
/** Upstream idle limit (headers and between chunks): the stalls end after it. */
const STREAMING_TIMEOUT_S = 3;
/** How long a cancelled call may take to reach the upstream; below STREAMING_TIMEOUT, so a timeout cannot pass for it. */
const CANCEL_WITHIN_MS = 1500;

type ClientMode = 'stays' | 'hangs up early' | 'hangs up late';

interface Outcome {
  /** HTTP status the client saw; null when it hung up before any. */
  status: number | null;
  /** A 200, or a stream that delivered anything. */
  answered: boolean;
  /** The `error` object of an error answer. */
  error?: unknown;
  /** Early hang-up: whether the mock saw its request cancelled. */
  upstreamCancelled?: boolean;
}

describe.skipIf(databaseUnavailable())('money: upstream faults × client behaviour', () => {
  let t: TestServer;
  let mock: MockUpstream;
  const request = (stream: boolean) => chatBody(MODEL, stream, { max_tokens: MAX_TOKENS });

  beforeAll(async () => {
    mock = await new MockUpstream().start();
    t = await startTestServer({ STREAMING_TIMEOUT: String(STREAMING_TIMEOUT_S) });
    await seedChannel(t, { baseUrl: mock.url, models: [MODEL] });
    // Every case must reach the one channel: its failures may not open its circuit breaker.
    await writeOption(t.server.store, 'CircuitBreakerFailures', '1000');
    await t.server.settings.reload();
    // The gateway runs in this process: load the tokenizer now, so no local count waits for it.
    await loadTokenizer();
  });
  afterAll(async () => {
    await t?.close();
    await mock?.stop();
  });

  async function staysWithOfficialClient(key: string, stream: boolean): Promise<Outcome> {
    const client = new OpenAI({ apiKey: key, baseURL: `${t.url}/v1`, maxRetries: 0, timeout: 60_000 });
    try {
      if (!stream) {
        await client.chat.completions.create({ ...request(false), stream: false });
        return { status: 200, answered: true };
      }
      const events = await client.chat.completions.create({ ...request(true), stream: true });
      try {
        for await (const event of events) void event;
      } catch {
        // A stream that fails after its 200 ends with an error event: still answered.
      }
      return { status: 200, answered: true };
    } catch (error) {
      if (!(error instanceof OpenAI.APIError)) throw error;
      return { status: error.status ?? null, answered: false, error: error.error };
    }
  }

  function rawCall(key: string, stream: boolean, signal: AbortSignal) {
    return fetch(`${t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(request(stream)),
      signal,
    });
  }

  /** The mock holds every answer; the client hangs up once the upstream has the request, then the mock answers. */
  async function hangsUpEarly(key: string, stream: boolean): Promise<Outcome> {
    mock.holdAnswers();
    const before = mock.requests.length;
    const controller = new AbortController();
    const call = rawCall(key, stream, controller.signal).then(
      (response) => response.status,
      () => null,
    );
    try {
      await waitFor(
        async () => mock.requests.length,
        (n) => n > before,
        'the upstream to receive the call',
      );
      controller.abort();
      const status = await call;
      const upstreamCancelled = await becomes(
        () => mock.requests[before]?.aborted === true,
        CANCEL_WITHIN_MS,
      );
      return { status, answered: false, upstreamCancelled };
    } finally {
      mock.releaseAnswers();
    }
  }

  /** Hangs up after the headers (plain) or after the first piece of the stream. */
  async function hangsUpLate(key: string, stream: boolean): Promise<Outcome> {
    const controller = new AbortController();
    const response = await rawCall(key, stream, controller.signal);
    let error: unknown;
    if (response.status === 200 && stream) await response.body!.getReader().read();
    else if (response.status !== 200)
      error = ((await response.json().catch(() => ({}))) as { error?: unknown }).error;
    controller.abort();
    return { status: response.status, answered: response.status === 200, error };
  }

  const clients: Record<ClientMode, (key: string, stream: boolean) => Promise<Outcome>> = {
    stays: staysWithOfficialClient,
    'hangs up early': hangsUpEarly,
    'hangs up late': hangsUpLate,
  };

  async function runCase(fault: UpstreamFault, stream: boolean, mode: ClientMode) {
    mock.reply('/v1/chat/completions', fault.reply(stream));
    const userId = await seedUser(t, WALLET);
    const { key, id: tokenId } = await seedToken(t, { userId, unlimited: false, remainQuota: TOKEN });
    const account: Account = { userId, tokenId };
    const start = await readLedger(t.server.store.db, account);
    const outcome = await clients[mode](key, stream);
    const [end] = await settledLedgers(t.server.store.db, [account], () => mock.inFlight === 0);
    return { outcome, moved: movement(start, end!) };
  }

  for (const fault of UPSTREAM_FAULTS) {
    describe(fault.name, () => {
      for (const stream of [false, true]) {
        for (const mode of Object.keys(clients) as ClientMode[]) {
          it(`${stream ? 'stream' : 'plain'}, client ${mode}`, async () => {
            const { outcome, moved } = await runCase(fault, stream, mode);
            const diagnosis = JSON.stringify({ outcome, moved });

            // The invariant, exactly.
            expect.soft(moved.walletLost, `wallet lost = logged; ${diagnosis}`).toBe(moved.walletLogged);
            expect.soft(moved.tokenLost, `token lost = logged; ${diagnosis}`).toBe(moved.tokenLogged);
            // One log row per answered call, none otherwise; a call not answered costs nothing.
            expect.soft(moved.walletRows, `log rows; ${diagnosis}`).toBe(outcome.answered ? 1 : 0);
            if (!outcome.answered) {
              expect.soft(moved.walletLost, `unanswered wallet unchanged; ${diagnosis}`).toBe(0);
              expect.soft(moved.tokenLost, `unanswered token unchanged; ${diagnosis}`).toBe(0);
            }
            // Failures are the upstream's, mapped: never the gateway's own 500, always the OpenAI shape.
            if (outcome.status !== null) expect.soft(outcome.status, `status; ${diagnosis}`).not.toBe(500);
            if (outcome.status !== null && outcome.status !== 200)
              expect
                .soft(outcome.error, `error shape; ${diagnosis}`)
                .toMatchObject({ message: expect.any(String), type: expect.any(String) });
            if (mode === 'stays')
              expect.soft(outcome.answered, `answered; ${diagnosis}`).toBe(fault.answered(stream));
            if (mode === 'hangs up early')
              expect.soft(outcome.upstreamCancelled, `upstream call cancelled; ${diagnosis}`).toBe(true);
            if (outcome.answered && moved.walletRows === 1) {
              expect.soft(Number.isFinite(moved.walletLogged), `finite charge; ${diagnosis}`).toBe(true);
              expect.soft(moved.walletLogged, `charge > 0; ${diagnosis}`).toBeGreaterThan(0);
              expect
                .soft(moved.walletLogged, `charge within the wallet; ${diagnosis}`)
                .toBeLessThanOrEqual(WALLET);
            }
          });
        }
      }
    });
  }
});
