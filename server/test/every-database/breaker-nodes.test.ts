import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upstreamError } from '../support/channel-bench.ts';
import { signInAsRoot } from '../support/console-client.ts';
import { chatAnswer } from '../support/money.ts';
import { MockUpstream } from '../support/mock-upstream.ts';
import { redisPrefixFor, redisReachable } from '../support/redis.ts';
import { relayPost, seedChannel, seedToken, setRelayOption } from '../support/relay-seed.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from '../support/test-database.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';
import { TEST_REDIS_URL } from '../support/redis.ts';
import { until } from '../support/wait.ts';

const redisUp = await redisReachable();
const CHAT = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };

const SCENARIOS = [
  { label: 'sharing Redis', redis: true, skip: !redisUp },
  { label: 'on PostgreSQL LISTEN/NOTIFY', redis: false, skip: testDbKind() !== 'postgres' },
];

/**
 * Two gateways on one database see the same circuit breakers: failures counted on either add up,
 * the open state, the probe and the close reach the other through the node bus.
 */
for (const scenario of SCENARIOS) {
  describe.skipIf(databaseUnavailable() || scenario.skip)(
    `circuit breakers on two nodes ${scenario.label}`,
    () => {
      let db: TestDatabase;
      let mock: MockUpstream;
      let a: TestServer;
      let b: TestServer;
      let failing = true;
      let env: Record<string, string> = {};

      beforeAll(async () => {
        mock = await new MockUpstream().start();
        mock.handler('/v1/chat/completions', () =>
          failing ? upstreamError(500, 'down') : { json: chatAnswer('gpt-4o-mini', 10, 2) },
        );
        db = await createTestDatabase();
        env = {
          SYNC_FREQUENCY: '3600',
          ...(scenario.redis && {
            REDIS_CONN_STRING: TEST_REDIS_URL,
            REDIS_KEY_PREFIX: `${redisPrefixFor(db.sqlDsn, db.sqlitePath)}breaker:`,
          }),
        };
        a = await startTestServer(env, db);
        b = await startTestServer(env, db);
      });
      afterAll(async () => {
        await b?.server.close();
        await a?.close();
        await mock?.stop();
      });

      /** A channel of its own model on both nodes, with the channel's own breaker settings if any. */
      const channelOnBoth = async (model: string, setting?: Record<string, number>) => {
        const channel = await seedChannel(a, { baseUrl: mock.url, models: [model] });
        if (setting) {
          await a.server.store.db
            .updateTable('channels')
            .set({ setting: JSON.stringify(setting) })
            .where('id', '=', channel)
            .execute();
          await a.server.channels.rebuild();
        }
        await until(async () => {
          await b.server.channels.reload();
          return b.server.channels.get(channel) !== undefined;
        }, 'node B to know the channel');
        return channel;
      };
      const breakersOn = (node: TestServer, channel: number) => node.server.app.breakers.list(channel);
      const chat = (model: string) => ({ ...CHAT, model });

      it('count failures from both, open on both, and close on both after one probe', async () => {
        const root = await signInAsRoot(a.url);
        await setRelayOption(root, 'CircuitBreakerFailures', '2');
        // The site's cool-down outlasts the test: an open breaker stays open while it is looked at,
        // however slow the machine. The channel that is probed has one second of its own.
        await setRelayOption(root, 'CircuitBreakerCooldownSeconds', '600');
        await until(
          () => b.server.settings.number('CircuitBreakerCooldownSeconds') === 600,
          'node B to hear the options',
        );
        const held = await channelOnBoth('gpt-4o-mini');
        const probed = await channelOnBoth('gpt-4o', { circuit_breaker_cooldown_seconds: 1 });
        const { key } = await seedToken(a);

        for (const model of ['gpt-4o-mini', 'gpt-4o']) {
          expect((await relayPost(a, key, chat(model))).status).toBe(502);
          expect((await relayPost(b, key, chat(model))).status).toBe(502);
        }
        const openOnBoth = (channel: number) =>
          breakersOn(a, channel).length === 1 && breakersOn(b, channel).length === 1;
        await until(() => openOnBoth(held) && openOnBoth(probed), 'both nodes to open both');
        expect(breakersOn(a, held)[0]).toMatchObject({ state: 'open', lastError: 'down' });
        if (scenario.redis) {
          // A node that starts now finds the open breaker kept in Redis.
          const late = await startTestServer(env, db);
          const known = late.server.app.breakers.list(held);
          await late.server.close();
          expect(known).toEqual([expect.objectContaining({ model: 'gpt-4o-mini', lastError: 'down' })]);
        }

        // Open on B though both its failures but one were A's: B skips the channel without a call.
        const calls = mock.requests.length;
        expect((await relayPost(b, key, CHAT)).status).toBe(503);
        expect(mock.requests.length).toBe(calls);

        failing = false;
        await until(() => breakersOn(b, probed)[0]?.state === 'half_open', 'the cool-down to pass');
        expect((await relayPost(b, key, chat('gpt-4o'))).status).toBe(200);
        await until(() => breakersOn(a, probed).length === 0, 'node A to hear the close');
        expect(breakersOn(b, probed)).toEqual([]);
        expect((await relayPost(a, key, chat('gpt-4o'))).status).toBe(200);
      });
    },
  );
}
