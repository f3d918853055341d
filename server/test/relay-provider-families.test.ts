import { ChannelType } from '@relaygate/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useBenchSuite } from './support/bench-suite.ts';
import { fixturesAvailable } from './support/fixtures.ts';
import type { MockReply } from './support/mock-upstream.ts';
import { channelRow, relayPost, seedChannel, setRelayOption } from './support/relay-seed.ts';
import { databaseUnavailable } from './support/test-server.ts';

const CHAT = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };

/** Options these tests change, with the defaults they go back to after each test. */
const DEFAULTS: Record<string, string> = {
  AutomaticDisableChannelEnabled: 'false',
  AutomaticDisableStatusCodes: '401',
  RetryTimes: '0',
};

/** Each family's documented answer to a dead key, and where its channels are called for a chat. */
const DEAD_KEY: Array<{ family: string; type: number; path: string; reply: MockReply }> = [
  {
    family: 'openai',
    type: ChannelType.OpenAI,
    path: '/v1/chat/completions',
    reply: {
      status: 401,
      json: { error: { message: 'Incorrect API key provided', code: 'invalid_api_key' } },
    },
  },
  {
    family: 'anthropic',
    type: ChannelType.Anthropic,
    path: '/v1/messages',
    reply: {
      status: 401,
      json: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } },
    },
  },
  {
    family: 'gemini',
    type: ChannelType.Gemini,
    path: '/v1beta/models/gpt-4o-mini:generateContent',
    reply: {
      status: 400,
      json: {
        error: {
          code: 400,
          message: 'API key not valid. Please pass a valid API key.',
          status: 'INVALID_ARGUMENT',
          details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' }],
        },
      },
    },
  },
];

describe.skipIf(databaseUnavailable() || !fixturesAvailable)('provider families in the relay', () => {
  const suite = useBenchSuite();

  beforeAll(async () => {
    // Only the families' own judgement can disable here: no keyword matches the test answers.
    await setRelayOption(suite.root, 'AutomaticDisableKeywords', 'a phrase no test answer contains');
  });
  afterEach(async () => {
    for (const [key, value] of Object.entries(DEFAULTS)) await setRelayOption(suite.root, key, value);
  });

  it("retries Claude's 529 overloaded on the next channel, though the site's retry codes leave 529 out", async () => {
    const { t, mock, root, bench } = suite;
    const g = 'overload';
    mock.reply('/overload-a/v1/messages', {
      status: 529,
      json: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
    });
    const claude = await seedChannel(t, {
      type: ChannelType.Anthropic,
      baseUrl: `${mock.url}/overload-a`,
      models: ['gpt-4o-mini'],
      group: g,
      priority: 10,
    });
    const openai = await bench.channel('overload-b', g, { priority: 0 });
    const { key } = await bench.callerIn(g);
    await setRelayOption(root, 'AutomaticRetryStatusCodes', '429');
    try {
      await setRelayOption(root, 'RetryTimes', '1');
      const answer = await relayPost(t, key, CHAT);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(mock.requestsTo('/overload-a/v1/messages')).toHaveLength(1);
      expect(bench.hits('overload-b')).toBe(1);
      const logs = await bench.waitLogs(g, 1);
      expect(JSON.parse(logs[0]!.other!).admin_info.use_channel).toEqual([claude, openai]);
    } finally {
      await setRelayOption(
        root,
        'AutomaticRetryStatusCodes',
        t.server.settings.get('AutomaticRetryStatusCodes'),
      );
    }
  });

  it.each(DEAD_KEY)(
    '$family: disables a channel whose key is dead, though its status is not among the disabling codes',
    async ({ family, type, path, reply }) => {
      const { t, mock, root, bench } = suite;
      const g = `dead-${family}`;
      mock.reply(`/${g}${path}`, reply);
      const dead = await seedChannel(t, {
        type,
        baseUrl: `${mock.url}/${g}`,
        models: ['gpt-4o-mini'],
        group: g,
      });
      const { key } = await bench.callerIn(g);
      await setRelayOption(root, 'AutomaticDisableChannelEnabled', 'true');
      await setRelayOption(root, 'AutomaticDisableStatusCodes', '500');
      const answer = await relayPost(t, key, CHAT);
      expect(answer.status).toBe((reply as { status: number }).status);
      expect(mock.requestsTo(`/${g}${path}`)).toHaveLength(1);
      expect((await channelRow(t, dead)).status).toBe(3);
    },
  );

  it('leaves a channel enabled when its error says nothing of a dead key', async () => {
    const { t, root, bench } = suite;
    const g = 'not-dead';
    const alive = await bench.channel(
      g,
      g,
      {},
      {
        status: 401,
        json: {
          error: { message: 'You are not allowed to sample from this model', code: 'model_not_allowed' },
        },
      },
    );
    const { key } = await bench.callerIn(g);
    await setRelayOption(root, 'AutomaticDisableChannelEnabled', 'true');
    await setRelayOption(root, 'AutomaticDisableStatusCodes', '500');
    expect((await relayPost(t, key, CHAT)).status).toBe(401);
    expect(bench.hits(g)).toBe(1);
    expect((await channelRow(t, alive)).status).toBe(1);
  });

  it('refuses calls and tests on a channel type without an adaptor, without calling it', async () => {
    const { t, mock, root, bench } = suite;
    const g = 'no-adaptor';
    const suno = await seedChannel(t, {
      type: ChannelType.SunoAPI,
      baseUrl: `${mock.url}/${g}`,
      models: ['gpt-4o-mini'],
      group: g,
    });
    const { key } = await bench.callerIn(g);
    const answer = await relayPost(t, key, CHAT);
    expect(answer.status).toBe(400);
    expect(answer.body?.error?.message).toContain('channel type 36 (Suno API) is not supported yet');
    const test = await root.get<unknown>(`/api/channel/test/${suno}`);
    expect(test.body).toMatchObject({
      success: false,
      message: 'testing this channel type is not supported yet',
    });
    expect(mock.requests.filter((r) => r.url.startsWith(`/${g}/`))).toHaveLength(0);
  });
});
