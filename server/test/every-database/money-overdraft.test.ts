import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callGateway,
  chatAnswer,
  chatBody,
  movement,
  QUOTA_ERROR_CODES,
  readLedger,
  runBounded,
  settledLedgers,
  type Account,
  type CallResult,
} from '../support/money.ts';
import {
  addMockChannel,
  nodesFor,
  setPerCallPrices,
  startCluster,
  type MoneyCluster,
} from '../support/money-cluster.ts';
import { MockUpstream } from '../support/mock-upstream.ts';
import { insertTokenRow, insertUserRow } from '../support/relay-seed.ts';
import { testDbKind } from '../support/test-database.ts';
import { databaseUnavailable } from '../support/test-server.ts';

/**
 * Issue #11 item 9, overdraft: several gateway nodes on one database (SYNC_FREQUENCY=3600, so no
 * node refreshes its caches from the database on its own), many concurrent calls against a balance
 * that affords only some. Prices are per call (ModelPrice), so a call's cost is known before it
 * starts and its reservation equals its cost: nothing may go below zero, not by a single unit.
 * On SQLite (a single-node store) the same runs on one process.
 */

const NODES = nodesFor(testDbKind());
const QUOTA_PER_DOLLAR = 500_000;
/** $0.002 a call: 1000 units. */
const SMALL = { model: 'money-call', dollars: 0.002, units: 1000 };
/** $10 a call: new-api's trust threshold (5,000,000 units), above which it reserves nothing up front. */
const BIG = { model: 'money-big', dollars: 10, units: 10 * QUOTA_PER_DOLLAR };
/** A wallet far from empty for the small calls. */
const PLENTY_BELOW_TRUST = 4_000_000;
const ANSWER = chatAnswer(SMALL.model, 10, 2);

describe.skipIf(databaseUnavailable())(`money: no overdraft with ${NODES} gateway node(s)`, () => {
  let mock: MockUpstream;
  let cluster: MoneyCluster;

  beforeAll(async () => {
    mock = await new MockUpstream().start();
    // A short hold keeps many calls in flight at once.
    mock.reply('/v1/chat/completions', { delayMs: 100, reply: { json: ANSWER } });
    cluster = await startCluster({
      nodes: NODES,
      env: { WORKERS: '1' },
      prepare: async (root) => {
        await addMockChannel(root, mock.url, [SMALL.model, BIG.model]);
        await setPerCallPrices(root, { [SMALL.model]: SMALL.dollars, [BIG.model]: BIG.dollars });
      },
    });
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    await mock?.stop();
  });

  async function account(wallet: number, token: number | 'unlimited'): Promise<Account & { key: string }> {
    const userId = await insertUserRow(cluster.store, wallet);
    const { key, id } = await insertTokenRow(
      cluster.store,
      token === 'unlimited' ? { userId } : { userId, unlimited: false, remainQuota: token },
    );
    return { userId, tokenId: id, key };
  }

  /** Call `i` goes to node i mod N: the calls are spread evenly over the nodes. */
  const callOn = (i: number, key: string, model: string) =>
    callGateway(cluster.nodes[i % NODES]!.url, key, chatBody(model, false));

  const settle = (who: Account) =>
    settledLedgers(cluster.store.db, [who], () => mock.inFlight === 0).then(([ledger]) => ledger!);

  /** Every call is answered or refused for want of quota: never a 500, never a dropped connection. */
  function expectOnlyAnswersAndQuotaRefusals(results: CallResult[]) {
    for (const r of results) {
      if (r.status === 200) continue;
      expect(r.status, JSON.stringify(r)).toBeOneOf([401, 402, 403, 429]);
      expect(r.code, JSON.stringify(r)).toBeOneOf(QUOTA_ERROR_CODES);
    }
  }

  async function burst(who: Account & { key: string }, calls: number, model: string) {
    const start = await readLedger(cluster.store.db, who);
    const results = await Promise.all(Array.from({ length: calls }, (_, i) => callOn(i, who.key, model)));
    const end = await settle(who);
    return { start, end, results, ok: results.filter((r) => r.status === 200).length };
  }

  const AFFORDS_30 = 30 * SMALL.units + SMALL.units / 2;
  it.each([
    { payer: 'a token', wallet: PLENTY_BELOW_TRUST, token: AFFORDS_30 },
    { payer: 'a wallet (unlimited key)', wallet: AFFORDS_30, token: 'unlimited' as const },
  ])('300 concurrent calls against $payer that affords 30: never below zero, equal to its log', async (c) => {
    const who = await account(c.wallet, c.token);
    const { start, end, results, ok } = await burst(who, 300, SMALL.model);
    expectOnlyAnswersAndQuotaRefusals(results);
    const moved = movement(start, end);
    expect(ok).toBeGreaterThan(0);
    expect(ok).toBeLessThanOrEqual(30);
    expect(end.wallet).toBeGreaterThanOrEqual(0);
    expect(moved.walletLost).toBe(moved.walletLogged);
    expect(moved.walletRows).toBe(ok);
    expect(moved.walletLogged).toBe(ok * SMALL.units);
    if (c.token !== 'unlimited') {
      expect(end.token).toBeGreaterThanOrEqual(0);
      expect(moved.tokenLost).toBe(moved.tokenLogged);
    }
  });

  describe("around new-api's trust threshold ($10, where new-api reserves nothing up front)", () => {
    const WALLET = 1000 * QUOTA_PER_DOLLAR; // $1000
    const TOKEN = BIG.units + 500; // $10.001: affords exactly one $10 call

    /** At most one $10 call fits; whatever the gateway trusts, no balance may overshoot by more than one call. */
    function expectAtMostOneCall(start: Awaited<ReturnType<typeof settle>>, end: typeof start, ok: number) {
      const moved = movement(start, end);
      const seen = JSON.stringify({ ok, end, moved });
      expect.soft(ok, seen).toBeLessThanOrEqual(1);
      expect.soft(end.token, seen).toBeGreaterThanOrEqual(-BIG.units);
      expect.soft(end.wallet, seen).toBeGreaterThanOrEqual(0);
      expect.soft(moved.tokenLost, seen).toBe(moved.tokenLogged);
      expect.soft(moved.walletLost, seen).toBe(moved.walletLogged);
      expect.soft(moved.tokenRows, seen).toBe(ok);
    }

    it('six sequential calls, one per node in turn, against a $10.001 token: at most one succeeds', async () => {
      const who = await account(WALLET, TOKEN);
      const start = await readLedger(cluster.store.db, who);
      const results = await runBounded(6, 1, (i) => callOn(i, who.key, BIG.model));
      expectOnlyAnswersAndQuotaRefusals(results);
      const ok = results.filter((r) => r.status === 200).length;
      expectAtMostOneCall(start, await settle(who), ok);
    });

    it('forty concurrent calls against a $10.001 token: at most one succeeds', async () => {
      const who = await account(WALLET, TOKEN);
      const { start, end, results, ok } = await burst(who, 40, BIG.model);
      expectOnlyAnswersAndQuotaRefusals(results);
      expectAtMostOneCall(start, end, ok);
    });
  });
});
