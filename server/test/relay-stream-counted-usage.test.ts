import { describe, expect, it } from 'vitest';
import { fixtureChunks, fixturesAvailable } from './support/fixtures.ts';
import { useMockedRelay } from './support/mocked-relay.ts';
import { databaseUnavailable } from './support/test-server.ts';

const MODEL = 'gpt-4.1-nano';
const RECORDED = 'openai/chat/openai-text.chunks.txt';

/**
 * OpenAI's recorded stream without its closing usage chunk: what a channel sends that cannot
 * return usage in streams (an older OpenAI-compatible server, a proxy that drops it).
 */
const streamWithoutUsage = (): string[] =>
  fixtureChunks(RECORDED).filter((line) => {
    const chunk = JSON.parse(line) as { choices: unknown[]; usage: unknown };
    return chunk.choices.length > 0 && chunk.usage === null;
  });

/**
 * A converted stream whose channel told no usage is billed on the gateway's own count; the
 * client's closing event reports that same count rather than zeros, so a client that tracks its
 * tokens (an agent's context window) sees what it paid for.
 */
describe.skipIf(databaseUnavailable() || !fixturesAvailable)(
  'converted streams without upstream usage report the counted usage',
  () => {
    const relay = useMockedRelay((url) => [{ type: 1, baseUrl: `${url}/openai`, models: [MODEL] }]);
    const upstream = '/openai/v1/chat/completions';

    it('the recording without its usage chunk carries no usage at all', () => {
      const chunks = streamWithoutUsage();
      expect(chunks.length).toBeGreaterThan(10);
      expect(chunks.every((line) => !line.includes('"prompt_tokens"'))).toBe(true);
    });

    it('tells @google/genai the billed counts in the last usageMetadata', async () => {
      relay.mock.reply(upstream, { sse: streamWithoutUsage() });
      const stream = await relay
        .google()
        .models.generateContentStream({ model: MODEL, contents: 'Tell me about the sea.' });
      let last: { promptTokenCount?: number; candidatesTokenCount?: number } | undefined;
      for await (const chunk of stream) if (chunk.usageMetadata) last = chunk.usageMetadata;
      const log = await relay.logged();
      expect(log.completion_tokens).toBeGreaterThan(0);
      expect(log.prompt_tokens).toBeGreaterThan(0);
      expect(last).toMatchObject({
        promptTokenCount: log.prompt_tokens,
        candidatesTokenCount: log.completion_tokens,
      });
    });

    it('tells the Anthropic SDK the billed output in the final message', async () => {
      relay.mock.reply(upstream, { sse: streamWithoutUsage() });
      const stream = relay.anthropic().messages.stream({
        model: MODEL,
        max_tokens: 1000,
        messages: [{ role: 'user', content: 'Tell me about the sea.' }],
      });
      const final = await stream.finalMessage();
      const log = await relay.logged();
      expect(log.completion_tokens).toBeGreaterThan(0);
      expect(final.usage.output_tokens).toBe(log.completion_tokens);
      expect(final.usage.input_tokens).toBe(log.prompt_tokens);
    });
  },
);
