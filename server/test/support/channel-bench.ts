import { fixtureJson } from './fixtures.ts';
import { signInAsRoot } from './console-client.ts';
import { MockUpstream, type MockReply } from './mock-upstream.ts';
import {
  consumeLogs,
  seedChannel,
  seedToken,
  seedUser,
  waitFor,
  type ChannelSeed,
  type TokenSeed,
} from './relay-seed.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/** A recorded chat completion, as an upstream success. */
export const upstreamOk = (): MockReply => ({ json: fixtureJson('openai/chat/openai-text.json') });

/** An upstream failure in OpenAI's error shape. */
export const upstreamError = (status: number, message = `upstream failed with ${status}`): MockReply => ({
  status,
  json: { error: { message, type: 'upstream_error', param: null, code: null } },
});

/**
 * Channels for routing tests. Each test routes in a group of its own, so the channels of other
 * tests never compete, and a channel is told apart by its path prefix on the one mock:
 * /<name>/v1/chat/completions. Channels serve gpt-4o-mini unless the seed says otherwise.
 */
export function channelBench(t: TestServer, mock: MockUpstream) {
  const path = (name: string) => `/${name}/v1/chat/completions`;
  const logsIn = async (group: string) => (await consumeLogs(t)).filter((row) => row.group === group);
  return {
    path,
    /** Requests the channel called `name` has received. */
    hits: (name: string) => mock.requestsTo(path(name)).length,
    /** Seeds channel `name` in `group`, answering with `replies` in turn (a success by default). */
    async channel(name: string, group: string, seed: Partial<ChannelSeed> = {}, ...replies: MockReply[]) {
      mock.reply(path(name), ...(replies.length > 0 ? replies : [upstreamOk()]));
      return seedChannel(t, {
        baseUrl: `${mock.url}/${name}`,
        models: ['gpt-4o-mini'],
        group,
        name,
        ...seed,
      });
    },
    /** A common user in `group` (trusted by default: $200) and an API key of theirs. */
    async callerIn(group: string, quota = 100_000_000, token: TokenSeed = {}) {
      const userId = await seedUser(t, quota, group);
      return { userId, ...(await seedToken(t, { userId, ...token })) };
    },
    logsIn,
    /** Settlement runs in the background: waits for exactly `count` log rows in the group. */
    waitLogs: (group: string, count: number) =>
      waitFor(
        () => logsIn(group),
        (rows) => rows.length === count,
        `${count} log rows in ${group}`,
      ),
  };
}

/** A server with root signed in, a mock upstream and a channel bench on them; close() stops both. */
export async function openBench(
  env: Record<string, string> = {},
  options: Parameters<typeof startTestServer>[2] = {},
) {
  const mock = await new MockUpstream().start();
  const t = await startTestServer(env, undefined, options);
  const root = await signInAsRoot(t.url);
  const close = async () => {
    await t.close();
    await mock.stop();
  };
  return { t, mock, root, bench: channelBench(t, mock), close };
}

export type OpenBench = Awaited<ReturnType<typeof openBench>>;
