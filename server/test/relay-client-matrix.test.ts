import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectedAvailable, fixturesAvailable } from './support/fixtures.ts';
import { aiSdkCallers } from './support/matrix-ai-sdk.ts';
import type { Caller, Gateway } from './support/matrix-callers.ts';
import { langChainCallers } from './support/matrix-langchain.ts';
import { HISTORY, sentHistory } from './support/matrix-history.ts';
import { families, seedFamilies, type Family, type Upstream } from './support/matrix-families.ts';
import { convertedFamilies } from './support/matrix-families-converted.ts';
import { anthropicMessages, googleGenAI, openaiChat, openaiResponses } from './support/matrix-official.ts';
import type { Recording } from './support/matrix-recordings.ts';
import { MockUpstream } from './support/mock-upstream.ts';
import { seedToken } from './support/relay-seed.ts';
import { testDbKind } from './support/test-database.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Every real client library against every channel family, replaying recorded answers: what each
 * library hands its user (text, finish, usage, tool calls, JSON, reasoning, a 429's retry delay)
 * must be what the recording says, converted faithfully or passed through.
 *
 * SQLite only: this is about the relay's conversions, which no database takes part in; the
 * relay's storage is covered on every database by the other relay-*.test.ts files.
 */
const gateway: Gateway = { url: '', key: '' };
const OFFICIAL: Caller[] = [openaiChat, openaiResponses, anthropicMessages, googleGenAI].map((make) =>
  make(gateway),
);
const CALLERS: Caller[] = [...OFFICIAL, ...aiSdkCallers(gateway), ...langChainCallers(gateway)];
const FAMILIES: Family[] = fixturesAvailable
  ? [...families(), ...(collectedAvailable ? convertedFamilies() : [])]
  : [];

describe.skipIf(
  databaseUnavailable() || testDbKind() !== 'sqlite' || !fixturesAvailable || !collectedAvailable,
)('every client library against every channel family', () => {
  let t: TestServer;
  let mock: MockUpstream;
  let serve: (family: Family, recording: Recording) => void;

  beforeAll(async () => {
    mock = await new MockUpstream().start();
    t = await startTestServer();
    ({ serve } = await seedFamilies(t, mock, FAMILIES));
    gateway.url = t.url;
    gateway.key = (await seedToken(t)).key;
  });
  afterAll(async () => {
    await t?.close();
    await mock?.stop();
  });

  describe.each(FAMILIES)('$name channel', (family) => {
    describe.each(family.officialClientsOnly ? OFFICIAL : CALLERS)('$name', (caller) => {
      const upstream: Upstream = (caller.responses && family.responses) || family.chat;
      const words = caller.finishWords;

      it.each(
        [
          ['text, not streamed', upstream.text.plain],
          ['text, streamed', upstream.text.streamed],
          ['text cut short at the token limit, not streamed', upstream.cutShort?.plain],
          ['text cut short at the token limit, streamed', upstream.cutShort?.streamed],
        ].filter((row): row is [string, Recording] => row[1] !== undefined),
      )('%s: text, finish and usage as recorded', async (name, recording) => {
        const how = name.endsWith(', streamed') ? 'streamed' : 'not streamed';
        serve(family, recording);
        const heard = await caller.call({ model: family.model, stream: how === 'streamed' });
        const e = recording.expected;
        // A client that reads input tokens only from an Anthropic stream's message_start gets the
        // gateway's estimate when the upstream tells the real count only at the end: all it can be.
        const estimated = how === 'streamed' && caller.streamedInputFromStart && family.streamUsageAtEnd;
        expect({
          text: heard.text,
          finish: heard.finish,
          input: heard.input,
          output: heard.output,
        }).toEqual({
          text: e.text,
          finish: words[e.finish],
          input: estimated ? expect.toSatisfy((n: number) => n > 0, 'an estimate above 0') : e.input,
          output: caller.outputWithoutReasoning ? e.output - (e.reasoningTokens ?? 0) : e.output,
        });
      });

      for (const [how, recording] of [
        ['not streamed', upstream.tool?.plain],
        ['streamed', upstream.tool?.streamed],
      ] as const) {
        if (!recording) continue;
        it(`tool call, ${how}: tool name and parsed arguments as recorded`, async () => {
          serve(family, recording);
          const e = recording.expected;
          const heard = await caller.call({
            model: family.model,
            stream: how === 'streamed',
            tool: e.tools[0]!.name,
          });
          expect({ tools: heard.tools, finish: heard.finish }).toEqual({
            tools: e.tools,
            finish: words[e.finish],
          });
        });
      }

      it.skipIf(!upstream.tool)(
        'tool result sent back: the answer as recorded; the call and its result reach the upstream, linked',
        async () => {
          const recording = upstream.text.plain;
          serve(family, recording);
          const heard = await caller.call({ model: family.model, stream: false, history: true });
          const request = mock.requests.at(-1)!;
          expect({ text: heard.text, sent: sentHistory(request.url.split('?')[0]!, request.json!) }).toEqual({
            text: recording.expected.text,
            sent: { name: HISTORY.tool, args: HISTORY.args, linked: true, resultCarried: true },
          });
        },
      );

      for (const [how, recording] of [
        ['not streamed', upstream.json?.plain],
        ['streamed', upstream.json?.streamed],
      ] as const) {
        const offered = caller.reads.json === true || (caller.reads.json && how === 'not streamed');
        if (!recording || !offered) continue;
        it(`structured output, ${how}: the JSON the library hands over is the recorded one`, async () => {
          serve(family, recording);
          const heard = await caller.call({ model: family.model, stream: how === 'streamed', json: true });
          expect(heard.json).toEqual(JSON.parse(recording.expected.text));
        });
      }

      for (const [how, recording] of [
        ['not streamed', upstream.reasoning?.plain],
        ['streamed', upstream.reasoning?.streamed],
      ] as const) {
        // What of the reasoning both the recording holds and the library reads: that much is checked.
        const text = caller.reads.reasoningText && recording?.expected.reasoningText !== undefined;
        const tokens = caller.reads.reasoningTokens && recording?.expected.reasoningTokens !== undefined;
        if (!recording || !(text || tokens)) continue;
        const what = [text && 'text', tokens && 'tokens'].filter(Boolean).join(' and ');
        // A thinking budget the library names must reach a Claude or Gemini upstream unchanged.
        const budget = family.budgetIn && caller.thinkingBudget;
        const andBudget = budget ? `, its thinking budget sent on unchanged` : '';
        it(`reasoning, ${how}: reasoning ${what} as recorded${andBudget}`, async () => {
          serve(family, recording);
          const heard = await caller.call({
            model: family.model,
            stream: how === 'streamed',
            reasoning: true,
          });
          const e = recording.expected;
          expect({
            text: heard.text,
            ...(text && { reasoningText: heard.reasoningText }),
            ...(tokens && { reasoningTokens: heard.reasoningTokens }),
            ...(budget && { budget: family.budgetIn!(mock.requests.at(-1)!.json!) }),
          }).toEqual({
            text: e.text,
            ...(text && { reasoningText: e.reasoningText }),
            ...(tokens && { reasoningTokens: e.reasoningTokens }),
            ...(budget && { budget }),
          });
        });
      }

      const delay = caller.reads.retryDelay;
      const { limited, limitedModel } = family;
      if (!limited || !limitedModel) return;
      it(`429: a rate-limit error${delay ? `, with the retry delay as ${delay}` : ''}`, async () => {
        const heard = await caller.rateLimit(limitedModel);
        const { retryAfter, retryDelay } = limited;
        expect(heard).toEqual({
          rateLimited: true,
          ...(delay === 'retry-after' && { retryAfter }),
          ...(delay === 'retry-info' && { retryDelay }),
        });
      });
    });
  });
});
