import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient } from '../support/console-client.ts';
import {
  callGateway,
  chatAnswer,
  chatBody,
  QUOTA_ERROR_CODES,
  readLedger,
  settledLedgers,
  type Account,
} from '../support/money.ts';
import { addMockChannel, nodesFor, startCluster, type MoneyCluster } from '../support/money-cluster.ts';
import { MockUpstream } from '../support/mock-upstream.ts';
import { insertTokenRow, insertUserRow, waitFor } from '../support/relay-seed.ts';
import { testDbKind } from '../support/test-database.ts';
import { databaseUnavailable } from '../support/test-server.ts';

/**
 * Issue #11 item 9, admin edits during calls: while 50 calls are in flight (the mock holds their
 * answers), an admin sets the wallet to 0 (PUT /api/user/, as the console's user form sends it),
 * or the owner sets the key's remaining quota to 0 (PUT /api/token/, as the token form sends it);
 * then the answers are released. What the admin set must stand: afterwards the balance is at most
 * 0 (settling the in-flight calls may take what they cost, never give back what they reserved on
 * top of the admin's figure), and the next call is refused for want of quota on every node.
 *
 * Ratio pricing (gpt-4.1-nano's defaults) with max_tokens 2000 makes each call reserve far more
 * (125 units) than it finally costs (3 units): the refund path is the one under test.
 */

const NODES = nodesFor(testDbKind());
const MODEL = 'gpt-4.1-nano';
const IN_FLIGHT = 50;
const WALLET = 1_000_000;
const ANSWER = chatAnswer(MODEL, 10, 10);
const request = chatBody(MODEL, false, { max_tokens: 2000 });

describe.skipIf(databaseUnavailable())(
  `money: admin edits while calls are in flight (${NODES} node(s))`,
  () => {
    let mock: MockUpstream;
    let cluster: MoneyCluster;

    beforeAll(async () => {
      mock = await new MockUpstream().start();
      mock.reply('/v1/chat/completions', { json: ANSWER });
      cluster = await startCluster({
        nodes: NODES,
        env: { WORKERS: '1' },
        prepare: (root) => addMockChannel(root, mock.url, [MODEL]),
      });
    }, 120_000);
    afterAll(async () => {
      await cluster?.stop();
      await mock?.stop();
    });

    /** Starts IN_FLIGHT calls spread over the nodes and waits until the mock holds every one of them. */
    async function holdCalls(key: string) {
      mock.holdAnswers();
      const calls = Array.from({ length: IN_FLIGHT }, (_, i) =>
        callGateway(cluster.nodes[i % NODES]!.url, key, request),
      );
      await waitFor(
        async () => mock.inFlight,
        (n) => n >= IN_FLIGHT,
        `${IN_FLIGHT} calls held at the upstream`,
        30_000,
      );
      return calls;
    }

    async function releaseAndSettle(calls: Array<ReturnType<typeof callGateway>>, who: Account) {
      mock.releaseAnswers();
      const results = await Promise.all(calls);
      const [ledger] = await settledLedgers(cluster.store.db, [who], () => mock.inFlight === 0);
      return { results, ledger: ledger! };
    }

    /** The next call on each node is refused with a quota error (the mock would answer it at once). */
    async function expectRefusedOnEveryNode(key: string) {
      for (const node of cluster.nodes) {
        const next = await callGateway(node.url, key, request);
        expect(next.status, `${node.url}: ${JSON.stringify(next)}`).toBeOneOf([401, 402, 403]);
        expect(next.code, `${node.url}: ${JSON.stringify(next)}`).toBeOneOf(QUOTA_ERROR_CODES);
      }
    }

    it('the wallet set to 0 by an admin stays at most 0, and the next call is refused everywhere', async () => {
      const userId = await insertUserRow(cluster.store, WALLET);
      const { key, id: tokenId } = await insertTokenRow(cluster.store, { userId });
      const who = { userId, tokenId };
      const calls = await holdCalls(key);

      const user = await cluster.store.db
        .selectFrom('users')
        .select(['username', 'display_name', 'group'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      const edit = await cluster.root.put('/api/user/', {
        id: userId,
        username: user.username,
        display_name: user.display_name || user.username,
        group: user.group,
        quota: 0,
      });
      expect(edit.body).toMatchObject({ success: true });

      const { results, ledger } = await releaseAndSettle(calls, who);
      expect(results.map((r) => r.status)).toEqual(Array(IN_FLIGHT).fill(200));
      expect(ledger.walletRows).toBe(IN_FLIGHT);
      expect.soft(ledger.wallet, JSON.stringify(ledger)).toBeLessThanOrEqual(0);
      await expectRefusedOnEveryNode(key);
    });

    it("a key's remaining quota set to 0 by its owner stays at most 0, and the next call is refused everywhere", async () => {
      const username = `edit${Date.now().toString(36)}`;
      const created = await cluster.root.post('/api/user/', { username, password: 'password123' });
      expect(created.body).toMatchObject({ success: true });
      const owner = new ConsoleClient(cluster.nodes[0]!.url);
      const { id: userId } = await owner.login(username, 'password123');
      await cluster.store.db.updateTable('users').set({ quota: WALLET }).where('id', '=', userId).execute();
      const tokenForm = {
        name: 'edited key',
        group: '',
        expired_time: -1,
        remain_quota: 100_000,
        unlimited_quota: false,
        model_limits_enabled: false,
        model_limits: '',
        allow_ips: '',
      };
      const made = await owner.post<Array<{ id: number; key: string }>>('/api/token/', tokenForm);
      expect(made.body).toMatchObject({ success: true });
      const { id: tokenId, key } = made.body.data![0]!;
      const who = { userId, tokenId };
      const calls = await holdCalls(`sk-${key}`);

      const edit = await owner.put('/api/token/', { ...tokenForm, id: tokenId, remain_quota: 0 });
      expect(edit.body).toMatchObject({ success: true });

      const { results, ledger } = await releaseAndSettle(calls, who);
      expect(results.map((r) => r.status)).toEqual(Array(IN_FLIGHT).fill(200));
      expect(ledger.tokenRows).toBe(IN_FLIGHT);
      expect.soft(ledger.token, JSON.stringify(ledger)).toBeLessThanOrEqual(0);
      // The wallet was not edited here: it still equals what its log says.
      expect(WALLET - ledger.wallet).toBe((await readLedger(cluster.store.db, who)).walletLogged);
      await expectRefusedOnEveryNode(`sk-${key}`);
    });
  },
);
