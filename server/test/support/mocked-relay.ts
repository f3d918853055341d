import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, beforeAll } from 'vitest';
import { MockUpstream } from './mock-upstream.ts';
import { lastLogAfter, seedChannel, seedToken, type ChannelSeed } from './relay-seed.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/** A gateway in front of a mock upstream, with a key and the official clients pointed at it. */
export interface MockedRelay {
  t: TestServer;
  mock: MockUpstream;
  key: string;
  anthropic(): Anthropic;
  openai(): OpenAI;
  google(): GoogleGenAI;
  /** The log row of the call just made (counted: a missing row fails rather than reads an older one). */
  logged(): ReturnType<typeof lastLogAfter>;
}

/**
 * Starts, for the enclosing describe, a mock upstream and a gateway whose channels point at it
 * (`channels` gets the mock's address), with one key; stops both after the suite. The fields are
 * set once beforeAll has run.
 */
export function useMockedRelay(channels: (mockUrl: string) => ChannelSeed[]): MockedRelay {
  let calls = 0;
  const relay: MockedRelay = {
    t: undefined as unknown as TestServer,
    mock: undefined as unknown as MockUpstream,
    key: '',
    anthropic: () => new Anthropic({ apiKey: relay.key, baseURL: relay.t.url, maxRetries: 0 }),
    openai: () => new OpenAI({ apiKey: relay.key, baseURL: `${relay.t.url}/v1`, maxRetries: 0 }),
    google: () => new GoogleGenAI({ apiKey: relay.key, httpOptions: { baseUrl: relay.t.url } }),
    logged: () => lastLogAfter(relay.t, ++calls),
  };
  beforeAll(async () => {
    relay.mock = await new MockUpstream().start();
    relay.t = await startTestServer();
    for (const seed of channels(relay.mock.url)) await seedChannel(relay.t, seed);
    relay.key = (await seedToken(relay.t)).key;
  });
  afterAll(async () => {
    await relay.t?.close();
    await relay.mock?.stop();
  });
  return relay;
}
