import OpenAI from 'openai';
import { afterAll, beforeAll } from 'vitest';
import { channelBench } from './channel-bench.ts';
import { type ConsoleClient, signInAsRoot } from './console-client.ts';
import { MockUpstream } from './mock-upstream.ts';
import { startTestServer, type TestServer } from './test-server.ts';

export interface BenchSuite {
  t: TestServer;
  mock: MockUpstream;
  root: ConsoleClient;
  bench: ReturnType<typeof channelBench>;
}

/**
 * For a describe block: a server, a mock upstream, root's console client and a channel bench,
 * started before its tests and stopped after them. Read the fields inside the tests.
 */
export function useBenchSuite(): BenchSuite {
  const suite = {} as BenchSuite;
  beforeAll(async () => {
    suite.mock = await new MockUpstream().start();
    suite.t = await startTestServer();
    suite.bench = channelBench(suite.t, suite.mock);
    suite.root = await signInAsRoot(suite.t.url);
  });
  afterAll(async () => {
    await suite.t?.close();
    await suite.mock?.stop();
  });
  return suite;
}

/** The official OpenAI client calling the suite's gateway with `key`, without retries. */
export const gatewayOpenAI = (suite: BenchSuite, key: string): OpenAI =>
  new OpenAI({ apiKey: key, baseURL: `${suite.t.url}/v1`, maxRetries: 0 });

/** The last of exactly `count` log rows in `group` (settlement runs in the background). */
export const lastLogIn = async (suite: BenchSuite, group: string, count: number) =>
  (await suite.bench.waitLogs(group, count)).at(-1)!;
