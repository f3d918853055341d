import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allLinesJson,
  anthropicEvents,
  FIXTURES_DIR,
  fixtureJson,
  fixturesAvailable,
} from './support/fixtures.ts';
import { MockUpstream } from './support/mock-upstream.ts';
import { expectedQuota, lastLogAfter, seedChannel, seedToken } from './support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

interface ResponsesUsage {
  input_tokens: number;
  output_tokens: number;
  input_tokens_details?: { cached_tokens?: number };
}

const GPT5 = { model: 0.625, completion: 8, cache: 0.1 };
const DIR = 'openai/responses';
const files = fixturesAvailable ? readdirSync(join(FIXTURES_DIR, DIR)) : [];
const answers = files.filter((f) => f.endsWith('.json') && !f.includes('error'));
const streams = files.filter((f) => f.endsWith('.chunks.txt'));

/** Every recorded Responses answer and stream, relayed to an OpenAI channel and read by the official client. */
describe.skipIf(databaseUnavailable() || !fixturesAvailable)(
  'OpenAI Responses API through the gateway',
  () => {
    let t: TestServer;
    let mock: MockUpstream;
    let client: OpenAI;
    let calls = 0;

    beforeAll(async () => {
      mock = await new MockUpstream().start();
      t = await startTestServer();
      await seedChannel(t, { baseUrl: mock.url, models: ['gpt-5'] });
      client = new OpenAI({ apiKey: (await seedToken(t)).key, baseURL: `${t.url}/v1`, maxRetries: 0 });
    });
    afterAll(async () => {
      await t?.close();
      await mock?.stop();
    });

    const lastLog = () => lastLogAfter(t, calls);

    it.each(answers)(
      '%s: the client gets the answer, and the call is billed from its usage',
      async (file) => {
        const recorded = fixtureJson<{ id: string; output: unknown[]; usage: ResponsesUsage }>(
          `${DIR}/${file}`,
        );
        mock.reply('/v1/responses', { json: recorded });
        calls++;
        const response = await client.responses.create({ model: 'gpt-5', input: 'go' });
        expect(response.id).toBe(recorded.id);
        expect(response.output).toEqual(recorded.output);
        expect(mock.requests.at(-1)!.json).not.toHaveProperty('stream_options');
        const log = await lastLog();
        const u = recorded.usage;
        if (u.input_tokens + u.output_tokens === 0) {
          expect(Number(log.quota)).toBe(0);
          return;
        }
        expect(log.prompt_tokens).toBe(u.input_tokens);
        expect(log.completion_tokens).toBe(u.output_tokens);
        expect(Number(log.quota)).toBe(
          expectedQuota(
            {
              prompt: u.input_tokens,
              completion: u.output_tokens,
              cached: u.input_tokens_details?.cached_tokens,
            },
            GPT5,
          ),
        );
      },
    );

    it.each(streams)(
      '%s: every event reaches the client in order, usage from response.completed',
      async (file) => {
        const events = anthropicEvents(`${DIR}/${file}`); // named by their "type", as the Responses API sends them
        mock.reply('/v1/responses', { events });
        calls++;
        if (!allLinesJson(`${DIR}/${file}`)) {
          // A recording of a provider's broken events: the gateway passes them on byte for byte.
          const text = await (
            await fetch(`${t.url}/v1/responses`, {
              method: 'POST',
              headers: { authorization: `Bearer ${client.apiKey}`, 'content-type': 'application/json' },
              body: JSON.stringify({ model: 'gpt-5', input: 'go', stream: true }),
            })
          ).text();
          for (const e of events) expect(text).toContain(`event: ${e.event}\ndata: ${e.data}\n\n`);
          await lastLog();
          return;
        }
        const stream = await client.responses.create({ model: 'gpt-5', input: 'go', stream: true });
        const received: string[] = [];
        const recordedError = events.find((e) => e.event === 'error');
        const consume = async () => {
          for await (const event of stream) received.push(event.type);
        };
        if (recordedError) {
          // The SDK raises a recorded error event as an error: it must arrive intact.
          const message = JSON.parse(recordedError.data) as {
            message?: string;
            error?: { message?: string };
          };
          await expect(consume()).rejects.toThrow(message.message ?? message.error?.message ?? '');
        } else {
          await consume();
          expect(received).toEqual(events.map((e) => e.event));
        }
        const completed = events
          .map((e) => JSON.parse(e.data) as { type: string; response?: { usage?: ResponsesUsage } })
          .findLast((e) => e.response?.usage);
        const log = await lastLog();
        expect(log.is_stream).toBeTruthy();
        if (completed) {
          expect(log.prompt_tokens).toBe(completed.response!.usage!.input_tokens);
          expect(log.completion_tokens).toBe(completed.response!.usage!.output_tokens);
        } else {
          expect(JSON.parse(log.other!).local_count).toBe(true);
        }
      },
    );

    it('passes an upstream error on in the OpenAI error shape', async () => {
      const recorded = fixtureJson<{ error: { message: string } }>(`${DIR}/openai-error.1.json`);
      mock.reply('/v1/responses', { status: 400, json: recorded });
      const error = await client.responses.create({ model: 'gpt-5', input: 'go' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OpenAI.BadRequestError);
      expect((error as Error).message).toContain(recorded.error.message);
    });
  },
);
