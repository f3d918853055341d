import { LogType } from '@relaygate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callGateway,
  chatAnswer,
  chatBody,
  readLedger,
  runBounded,
  settledLedgers,
  type Account,
  type CallResult,
  type Ledger,
} from '../support/money.ts';
import {
  addMockChannel,
  crashUnderLoad,
  setPerCallPrices,
  startCluster,
  type MoneyCluster,
} from '../support/money-cluster.ts';
import { MockUpstream } from '../support/mock-upstream.ts';
import { insertTokenRow, insertUserRow } from '../support/relay-seed.ts';
import { testDbKind } from '../support/test-database.ts';
import { databaseUnavailable } from '../support/test-server.ts';

/**
 * Issue #11 item 9 and #26 item 5, a crash under load: 1,500 calls (60 at a time, each held 0 to
 * 90 ms by the mock, so hundreds are answered a second) go to one gateway (two workers on
 * PostgreSQL); once 600 have been answered, the gateway and all its workers are killed with
 * SIGKILL while about 60 calls are in flight; it is restarted on the same database and left to
 * settle. README, "Money": every answered call's settlement is written ahead to a local file
 * before its batch commits, so a `kill -9` loses none of them; a call in flight is refunded.
 *
 * What is asserted, per user and per token, with D = (balance at start - balance now) - (quota of
 * their log rows), every call costing exactly COST (a per-call price, so reservation == cost):
 *   0 <= D <= COST × (calls of theirs the client saw answered that have no log row)
 * A call is matched to its log row by the gateway's request id, so nothing here depends on the
 * clock: a call that was in flight (reserved, never answered) must not keep its reservation, and
 * after the restart nothing is left hanging. D < 0 would mean money given back for calls that
 * were logged. Answered calls without a row: at most UNLOGGED_AT_MOST, for a kill that lands in
 * the microseconds between an answer's last byte and its settlement's write; without the
 * write-ahead, the batches in memory (every 50 ms, and longer while a commit runs) lose dozens.
 * Summed over every account, the same holds for the whole database.
 */

const CALLS = 1_500;
const CONCURRENCY = 60;
const KILL_AFTER_ANSWERS = 600;
const UNLOGGED_AT_MOST = 1;
const COST = 1000; // $0.002 at 500,000 units per dollar
const MODEL = 'money-call';
const ACCOUNTS = 4;
const WALLET = 2_000_000;
const TOKEN = 1_000_000;
const ANSWER = chatAnswer(MODEL, 10, 2);

describe.skipIf(databaseUnavailable())('money: kill -9 under load, restart, settle', () => {
  let mock: MockUpstream;
  let cluster: MoneyCluster;

  beforeAll(async () => {
    mock = await new MockUpstream().start();
    // Holds of 0 to 90 ms, in turn, so answers come steadily rather than in waves of 60.
    let served = 0;
    mock.handler('/v1/chat/completions', () => ({
      delayMs: (served++ % 10) * 10,
      reply: { json: ANSWER },
    }));
    cluster = await startCluster({
      nodes: 1,
      env: { WORKERS: testDbKind() === 'postgres' ? '2' : '1' },
      prepare: async (root) => {
        await addMockChannel(root, mock.url, [MODEL]);
        await setPerCallPrices(root, { [MODEL]: COST / 500_000 });
      },
    });
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    await mock?.stop();
  });

  it('loses the settlement of no answered call, and leaves no reservation hanging', async () => {
    const accounts: Array<Account & { key: string }> = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const userId = await insertUserRow(cluster.store, WALLET);
      const token = await insertTokenRow(cluster.store, { userId, unlimited: false, remainQuota: TOKEN });
      accounts.push({ userId, tokenId: token.id, key: token.key });
    }
    const starts = await Promise.all(accounts.map((a) => readLedger(cluster.store.db, a)));
    const url = cluster.nodes[0]!.url;

    const results: Array<CallResult & { account: number }> = [];
    const load = runBounded(CALLS, CONCURRENCY, async (i) => {
      const account = i % ACCOUNTS;
      const result = { ...(await callGateway(url, accounts[account]!.key, chatBody(MODEL, false))), account };
      results.push(result);
      return result;
    });
    const inFlight = await crashUnderLoad(cluster, results, KILL_AFTER_ANSWERS, load);
    expect(inFlight, 'calls were still in flight at the kill').toBe(true);
    const ends = await settledLedgers(cluster.store.db, accounts, () => mock.inFlight === 0, 60_000);

    const loggedIds = new Set(
      (
        await cluster.store.db
          .selectFrom('logs')
          .select('request_id')
          .where('type', '=', LogType.Consume)
          .where(
            'user_id',
            'in',
            accounts.map((a) => a.userId),
          )
          .execute()
      ).map((row) => row.request_id),
    );
    const answeredCalls = results.filter((r) => r.status === 200);
    expect(
      answeredCalls.every((r) => r.requestId !== ''),
      'every answer names its request',
    ).toBe(true);
    const unlogged = answeredCalls.filter((r) => !loggedIds.has(r.requestId));
    const late = (account: number) => unlogged.filter((r) => r.account === account).length;
    const answered = (account: number) =>
      results.filter((r) => r.account === account && r.status === 200).length;
    const gap = (start: Ledger, end: Ledger) => ({
      wallet: start.wallet - end.wallet - (end.walletLogged - start.walletLogged),
      token: start.token - end.token - (end.tokenLogged - start.tokenLogged),
    });
    let totalGap = 0;
    let totalLate = 0;
    accounts.forEach((_, i) => {
      const d = gap(starts[i]!, ends[i]!);
      const seen = JSON.stringify({ account: i, gap: d, late: late(i), answered: answered(i), end: ends[i] });
      expect.soft(d.wallet, `wallet gap ${seen}`).toBeGreaterThanOrEqual(0);
      expect.soft(d.wallet, `wallet gap ${seen}`).toBeLessThanOrEqual(late(i) * COST);
      expect.soft(d.token, `token gap ${seen}`).toBeGreaterThanOrEqual(0);
      expect.soft(d.token, `token gap ${seen}`).toBeLessThanOrEqual(late(i) * COST);
      expect.soft(ends[i]!.walletRows, `log rows ${seen}`).toBeGreaterThanOrEqual(answered(i) - late(i));
      expect.soft(ends[i]!.walletLogged, `each row costs ${COST} ${seen}`).toBe(ends[i]!.walletRows * COST);
      totalGap += d.wallet;
      totalLate += late(i);
    });
    // The whole database: balances + logged quota = what there was at the start, within the window.
    expect(totalGap).toBeGreaterThanOrEqual(0);
    expect(totalGap).toBeLessThanOrEqual(totalLate * COST);
    expect(unlogged.length, 'answered calls whose settlement was lost').toBeLessThanOrEqual(UNLOGGED_AT_MOST);
  }, 180_000);
});
