import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturesAvailable } from './support/fixtures.ts';
import { aiSdkCallers } from './support/matrix-ai-sdk.ts';
import type { Caller, Gateway } from './support/matrix-callers.ts';
import { langChainCallers } from './support/matrix-langchain.ts';
import { families, seedFamilies, type Family, type Upstream } from './support/matrix-families.ts';
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
const CALLERS: Caller[] = [
  ...[openaiChat, openaiResponses, anthropicMessages, googleGenAI].map((make) => make(gateway)),
  ...aiSdkCallers(gateway),
  ...langChainCallers(gateway),
];
const FAMILIES: Family[] = fixturesAvailable ? families() : [];

describe.skipIf(databaseUnavailable() || testDbKind() !== 'sqlite' || !fixturesAvailable)(
  'every client library against every channel family',
  () => {
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
      describe.each(CALLERS)('$name', (caller) => {
        const upstream: Upstream = (caller.responses && family.responses) || family.chat;
        const words = caller.finishWords;

        it.each([
          ['not streamed', upstream.text.plain],
          ['streamed', upstream.text.streamed],
        ] as const)('text, %s: text, finish and usage as recorded', async (how, recording) => {
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
            input: estimated ? expect.any(Number) : e.input,
            output: caller.outputWithoutReasoning ? e.output - (e.reasoningTokens ?? 0) : e.output,
          });
        });

        it.each([
          ['not streamed', upstream.tool.plain],
          ['streamed', upstream.tool.streamed],
        ] as const)('tool call, %s: tool name and parsed arguments as recorded', async (how, recording) => {
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

        const json = caller.reads.json ? upstream.json : undefined;
        if (json)
          it('structured output: the JSON the library hands over is the recorded one', async () => {
            serve(family, json);
            const heard = await caller.call({ model: family.model, stream: false, json: true });
            expect(heard.json).toEqual(JSON.parse(json.expected.text));
          });

        const reasoning = upstream.reasoning;
        const reads = {
          reasoningText: caller.reads.reasoningText && reasoning?.expected.reasoningText !== undefined,
          reasoningTokens: caller.reads.reasoningTokens && reasoning?.expected.reasoningTokens !== undefined,
        };
        const read = [reads.reasoningText && 'text', reads.reasoningTokens && 'tokens'].filter(Boolean);
        if (read.length > 0)
          it(`reasoning: ${read.join(' and ')} as recorded`, async () => {
            serve(family, reasoning!);
            const heard = await caller.call({ model: family.model, stream: false, reasoning: true });
            const e = reasoning!.expected;
            expect({
              text: heard.text,
              ...(reads.reasoningText && { reasoningText: heard.reasoningText }),
              ...(reads.reasoningTokens && { reasoningTokens: heard.reasoningTokens }),
            }).toEqual({
              text: e.text,
              ...(reads.reasoningText && { reasoningText: e.reasoningText }),
              ...(reads.reasoningTokens && { reasoningTokens: e.reasoningTokens }),
            });
          });

        const delay = caller.reads.retryDelay;
        it(`429: a rate-limit error${delay ? `, with the retry delay as ${delay}` : ''}`, async () => {
          const heard = await caller.rateLimit(family.limitedModel);
          const { retryAfter, retryDelay } = family.limited;
          expect(heard).toEqual({
            rateLimited: true,
            ...(delay === 'retry-after' && { retryAfter }),
            ...(delay === 'retry-info' && { retryDelay }),
          });
        });
      });
    });
  },
);
