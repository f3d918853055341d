import { describe, expect, it } from 'vitest';
import { fixtureChunks, fixtureJson, fixturesAvailable } from '../../../test/support/fixtures.ts';
import type { Json } from '../formats/types.ts';
import type { Usage } from '../answer/usage.ts';
import { anthropicFamily } from '../providers/anthropic/anthropic-family.ts';
import { geminiFamily } from '../providers/gemini/gemini-family.ts';
import { openAIFamily } from '../providers/openai/openai-family.ts';
import type { ClientFormat, WireFormat } from '../formats/format-names.ts';
import { answerToClient, clientWire, streamToClient } from '../answer/wire-format.ts';

const FAMILIES = { anthropic: anthropicFamily, gemini: geminiFamily, openai: openAIFamily };

/**
 * Usage as each client format reports it, for recorded reasoning answers of each channel family,
 * converted through the chat core as the relay does. The numbers are the recordings' own: Gemini's
 * candidatesTokenCount leaves the thoughts out (output = candidates + thoughts), Anthropic's
 * output_tokens include thinking, OpenAI's completion_tokens include reasoning (xAI's do not).
 */
interface Case {
  path: string;
  family: WireFormat;
  input: number;
  cached: number;
  /** Every output token, reasoning included: what is billed as completion. */
  output: number;
  reasoning: number;
}

const CASES: Case[] = [
  // usage {input_tokens 51, output_tokens 1699, output_tokens_details.thinking_tokens 139}
  {
    path: 'anthropic/anthropic-claude-opus-5-reasoning-high.1.json',
    family: 'anthropic',
    input: 51,
    cached: 0,
    output: 1699,
    reasoning: 139,
  },
  // message_delta usage {input_tokens 69, output_tokens 53}: thinking inside, not counted apart
  {
    path: 'anthropic/anthropic-clear-thinking.1.chunks.txt',
    family: 'anthropic',
    input: 69,
    cached: 0,
    output: 53,
    reasoning: 0,
  },
  // usageMetadata {promptTokenCount 9, candidatesTokenCount 29, thoughtsTokenCount 282}
  {
    path: 'google/google-reasoning.json',
    family: 'gemini',
    input: 9,
    cached: 0,
    output: 311,
    reasoning: 282,
  },
  // last usageMetadata {promptTokenCount 9, candidatesTokenCount 29, thoughtsTokenCount 256}
  {
    path: 'google/google-reasoning.chunks.txt',
    family: 'gemini',
    input: 9,
    cached: 0,
    output: 285,
    reasoning: 256,
  },
  // last usageMetadata {promptTokenCount 9, candidatesTokenCount 23, thoughtsTokenCount 302}
  {
    path: 'google/google-reasoning-gemini3.chunks.txt',
    family: 'gemini',
    input: 9,
    cached: 0,
    output: 325,
    reasoning: 302,
  },
  // usage {prompt_tokens 18, completion_tokens 345, reasoning_tokens 315}
  {
    path: 'deepseek/chat/deepseek-reasoning.json',
    family: 'openai',
    input: 18,
    cached: 0,
    output: 345,
    reasoning: 315,
  },
  // last usage {prompt_tokens 17, completion_tokens 1107, reasoning_tokens 963}
  {
    path: 'groq/groq-reasoning.chunks.txt',
    family: 'openai',
    input: 17,
    cached: 0,
    output: 1107,
    reasoning: 963,
  },
  // xAI: {prompt_tokens 12 (11 cached), completion_tokens 1, reasoning_tokens 290, total 303}
  { path: 'xai/xai-text.chunks.txt', family: 'openai', input: 12, cached: 11, output: 291, reasoning: 290 },
];

const CLIENTS: ClientFormat[] = ['anthropic', 'responses', 'gemini', 'openai'];

/** Every converted pairing (a client of the channel's own format gets the answer passed through). */
const PAIRS = CASES.flatMap((c) =>
  CLIENTS.filter((client) => clientWire(client) !== c.family).map((client) => ({
    ...c,
    client,
    stream: c.path.endsWith('.chunks.txt'),
  })),
);

const ESTIMATE: Usage = { promptTokens: 999_999, completionTokens: 0, cachedTokens: 0, reasoningTokens: 0 };

/** A recorded stream through the channel's converter and the client's, as forwardStream chains them. */
function streamed(family: WireFormat, client: ClientFormat, path: string): Json[] {
  const fromChannel = FAMILIES[family].streamToChat('upstream-model');
  const toClient = streamToClient(client, 'asked-model', () => fromChannel?.usage() ?? ESTIMATE);
  const out: Json[] = [];
  const deliver = (chunks: Json[]) => {
    for (const chunk of chunks)
      if (toClient) out.push(...toClient.push({ data: chunk }).map((e) => JSON.parse(e.data) as Json));
      else out.push(chunk);
  };
  for (const line of fixtureChunks(path)) {
    const data = JSON.parse(line) as Json;
    deliver(fromChannel ? fromChannel.push({ event: String(data.type ?? ''), data }) : [data]);
  }
  if (fromChannel) deliver(fromChannel.end());
  if (toClient) out.push(...toClient.end().map((e) => JSON.parse(e.data) as Json));
  return out;
}

/** The usage object a client reads at the end of a stream (the last one sent). */
function finalStreamUsage(client: ClientFormat, events: Json[]): Json {
  const found = events
    .map((e) => {
      if (client === 'anthropic') return e.type === 'message_delta' ? e.usage : undefined;
      if (client === 'responses') return (e.response as Json | undefined)?.usage;
      if (client === 'gemini') return e.usageMetadata;
      return e.usage;
    })
    .filter((u): u is Json => !!u && typeof u === 'object');
  expect(found.length).toBeGreaterThan(0);
  return found.at(-1)!;
}

function answered(family: WireFormat, client: ClientFormat, path: string): Json {
  const chat = FAMILIES[family].answerToChat(fixtureJson(path), 'upstream-model').body;
  const answer = answerToClient(client, chat, 'asked-model');
  return (client === 'gemini' ? answer.usageMetadata : answer.usage) as Json;
}

describe.skipIf(!fixturesAvailable)('usage as each client reads it, from recorded reasoning answers', () => {
  it.each(PAIRS)('$path → $client', ({ path, family, client, stream, input, cached, output, reasoning }) => {
    const usage = stream
      ? finalStreamUsage(client, streamed(family, client, path))
      : answered(family, client, path);
    switch (client) {
      case 'anthropic':
        // Anthropic counts input without the cache reads, and thinking inside output_tokens.
        expect(usage).toMatchObject({
          input_tokens: input - cached,
          cache_read_input_tokens: cached,
          output_tokens: output,
        });
        expect(usage.output_tokens_details).toEqual(
          reasoning > 0 ? { thinking_tokens: reasoning } : undefined,
        );
        break;
      case 'responses':
        expect(usage).toEqual({
          input_tokens: input,
          input_tokens_details: { cached_tokens: cached },
          output_tokens: output,
          output_tokens_details: { reasoning_tokens: reasoning },
          total_tokens: input + output,
        });
        break;
      case 'gemini':
        // Gemini keeps the thoughts out of candidatesTokenCount.
        expect(usage).toMatchObject({
          promptTokenCount: input,
          candidatesTokenCount: output - reasoning,
          totalTokenCount: input + output,
        });
        expect(usage.thoughtsTokenCount).toBe(reasoning > 0 ? reasoning : undefined);
        break;
      case 'openai':
        expect(usage).toMatchObject({ prompt_tokens: input, completion_tokens: output });
        if (reasoning > 0)
          expect(usage.completion_tokens_details).toMatchObject({ reasoning_tokens: reasoning });
        break;
    }
  });
});

describe.skipIf(!fixturesAvailable)('input tokens before the answer, from recorded streams', () => {
  const startOf = (events: Json[]) => (events[0]!.message as Json).usage as Json;

  it.each([
    // message_start usage {input_tokens 69}
    { path: 'anthropic/anthropic-clear-thinking.1.chunks.txt', family: 'anthropic' as const, input: 69 },
    // first usageMetadata {promptTokenCount 9}
    { path: 'google/google-reasoning.chunks.txt', family: 'gemini' as const, input: 9 },
    // first usageMetadata {promptTokenCount 29}
    { path: 'google/google-tool-call.chunks.txt', family: 'gemini' as const, input: 29 },
  ])('$path: the channel tells its input with its first event', ({ path, family, input }) => {
    const fromChannel = FAMILIES[family].streamToChat('upstream-model')!;
    const first = JSON.parse(fixtureChunks(path)[0]!) as Json;
    fromChannel.push({ event: String(first.type ?? ''), data: first });
    expect(fromChannel.usage()?.promptTokens).toBe(input);
    if (family !== 'anthropic') {
      // An Anthropic client of this channel gets it in message_start (its own channels pass through).
      const events = streamed(family, 'anthropic', path);
      expect(events[0]!.type).toBe('message_start');
      expect(startOf(events)).toEqual({
        input_tokens: input,
        output_tokens: 0,
        cache_read_input_tokens: 0,
        cache_creation_input_tokens: 0,
      });
    }
  });

  it('keeps the local estimate in message_start for an OpenAI channel, which tells usage only at the end', () => {
    const events = streamed('openai', 'anthropic', 'groq/groq-reasoning.chunks.txt');
    expect(startOf(events).input_tokens).toBe(ESTIMATE.promptTokens);
    expect(finalStreamUsage('anthropic', events).input_tokens).toBe(17);
  });

  it.each(['anthropic', 'gemini'] as const)(
    'sends no usage in response.created and in_progress of a %s channel, as OpenAI does',
    (family) => {
      const path =
        family === 'anthropic'
          ? 'anthropic/anthropic-clear-thinking.1.chunks.txt'
          : 'google/google-reasoning.chunks.txt';
      const [created, inProgress] = streamed(family, 'responses', path);
      expect([created!.type, inProgress!.type]).toEqual(['response.created', 'response.in_progress']);
      expect((created!.response as Json).usage).toBeNull();
      expect((inProgress!.response as Json).usage).toBeNull();
    },
  );
});
