import type { MockReply, MockUpstream } from './mock-upstream.ts';
import {
  anthropicAnswer,
  anthropicStream,
  geminiAnswer,
  geminiStream,
  openaiChatAnswer,
  openaiChatStream,
  responsesAnswer,
  responsesStream,
  type Recording,
} from './matrix-recordings.ts';
import { fixtureJson } from './fixtures.ts';
import { DEFAULT_MODEL_RATIO } from '../../src/options/default-ratios.ts';
import { signInAsRoot } from './console-client.ts';
import { seedChannel, setRelayOption, type ChannelSeed } from './relay-seed.ts';
import type { TestServer } from './test-server.ts';

/** A recorded call, not streamed and streamed. */
export interface Pair {
  plain: Recording;
  streamed: Recording;
}

/** What a channel's upstream answers for each kind of call the matrix makes. */
export interface Upstream {
  text: Pair;
  /** A text answer cut short at the token limit (not recorded streamed for every provider). */
  cutShort?: Partial<Pair>;
  /** Tool calls (an upstream that takes no tools has none). */
  tool?: Pair;
  json?: { plain: Recording; streamed?: Recording };
  reasoning?: { plain: Recording; streamed?: Recording };
}

/** A 429 the upstream sends, and the retry delay a client must see: as Retry-After seconds, as Gemini's RetryInfo. */
export interface Limited {
  reply: MockReply;
  retryAfter: string;
  retryDelay: string;
}

/** One channel family of the matrix: its channel, the model it serves, its recordings. */
export interface Family {
  name: string;
  type: number;
  model: string;
  /** Served by a second channel of the family that answers every call with a 429 (when one is recorded). */
  limitedModel?: string;
  /** Reached by the four official client libraries only, not every library. */
  officialClientsOnly?: boolean;
  /** The model's ratio, for a model the default price table does not know. */
  ratio?: number;
  /** What its channel needs beyond type, base URL and model (a key in its own format, a region). */
  seed?(mockUrl: string): Partial<ChannelSeed>;
  /** Routes the family's channels call besides its model's (a token exchange). */
  prepare?(mock: MockUpstream): void;
  /** The answers to calls in the OpenAI chat, Anthropic and Gemini formats (converted or passed through). */
  chat: Upstream;
  /** The answers to Responses calls when they pass through to the upstream's own /v1/responses. */
  responses?: Upstream;
  limited?: Limited;
  /** Its streams report usage only at their end (so a converted stream can only start with an estimate). */
  streamUsageAtEnd?: boolean;
  /**
   * What the upstream refuses as the real one does, with its recorded refusal: the OpenAI channel's
   * model is a reasoning model, which takes neither max_tokens nor a temperature.
   */
  refuse?(path: string, body: Record<string, unknown> | undefined): MockReply | undefined;
  /** The thinking budget an upstream request carries, in this family's terms (none for OpenAI, which takes an effort). */
  budgetIn?(body: Record<string, unknown>): unknown;
  /** Upstream paths (under the channel's base URL) the gateway may call for this family. */
  paths(model: string): string[];
}

// No OpenAI or Anthropic 429 is recorded: these bodies follow each provider's documented error shape.
const openaiLimited: Limited = {
  reply: {
    status: 429,
    headers: { 'retry-after': '12' },
    json: {
      error: {
        message: 'Rate limit reached for requests',
        type: 'requests',
        param: null,
        code: 'rate_limit_exceeded',
      },
    },
  },
  retryAfter: '12',
  retryDelay: '12s',
};
const anthropicLimited: Limited = {
  reply: {
    status: 429,
    headers: { 'retry-after': '7' },
    json: { type: 'error', error: { type: 'rate_limit_error', message: 'Rate limit exceeded' } },
  },
  retryAfter: '7',
  retryDelay: '7s',
};
const geminiLimited = (): Limited => ({
  reply: { status: 429, json: fixtureJson('google/google-429-retry-info.json') },
  retryAfter: '35', // the recorded 34.4s, rounded up to whole seconds
  retryDelay: '34.4s',
});

/** Gemini's recorded answers: what Google's API and Vertex's generateContent answer alike. */
export const geminiRecordings = (): Upstream => ({
  text: {
    plain: geminiAnswer('google/google-text.json'),
    streamed: geminiStream('google/google-text.chunks.txt'),
  },
  tool: {
    plain: geminiAnswer('google/google-tool-call.json'),
    streamed: geminiStream('google/google-tool-call.chunks.txt'),
  },
  reasoning: {
    plain: geminiAnswer('google/google-reasoning.json'),
    streamed: geminiStream('google/google-reasoning.chunks.txt'),
  },
});

/** The three families, read from the recordings (call only when the fixtures are there). */
export function families(): Family[] {
  return [
    {
      name: 'OpenAI',
      type: 1,
      model: 'gpt-5-mini',
      limitedModel: 'gpt-4.1',
      chat: {
        text: {
          plain: openaiChatAnswer('openai/chat/openai-text.json'),
          streamed: openaiChatStream('openai/chat/openai-text.chunks.txt'),
        },
        cutShort: {
          plain: openaiChatAnswer('deepseek/chat/deepseek-text.json'),
          streamed: openaiChatStream('deepseek/chat/deepseek-text.chunks.txt'),
        },
        // OpenAI's own chat tool call is not recorded: xAI's, in the same wire format, stands in.
        tool: {
          plain: openaiChatAnswer('openai-compatible/chat/xai-tool-call.json'),
          streamed: openaiChatStream('openai-compatible/chat/xai-tool-call.chunks.txt'),
        },
        json: { plain: openaiChatAnswer('deepseek/chat/deepseek-json.json') },
        reasoning: {
          plain: openaiChatAnswer('deepseek/chat/deepseek-reasoning.json'),
          streamed: openaiChatStream('deepseek/chat/deepseek-reasoning.chunks.txt'),
        },
      },
      responses: {
        text: {
          plain: responsesAnswer('open-responses/responses/lmstudio-basic.1.json'),
          streamed: responsesStream('open-responses/responses/lmstudio-basic.1.chunks.txt'),
        },
        // Azure's recording is OpenAI's Responses API; LM Studio's tool-call stream sends no argument deltas.
        tool: {
          plain: responsesAnswer('azure/azure-tool-call.1.json'),
          streamed: responsesStream('azure/azure-tool-call.1.chunks.txt'),
        },
        // OpenAI's own reasoning stream is recorded over several turns: xAI's, of its Responses API, is one.
        reasoning: {
          plain: responsesAnswer('openai/responses/openai-reasoning-encrypted-content.1.json'),
          streamed: responsesStream('xai/responses/xai-text-with-reasoning-streaming.1.chunks.txt'),
        },
      },
      limited: openaiLimited,
      streamUsageAtEnd: true,
      refuse: (path, body = {}) => {
        if (path.endsWith('/chat/completions') && 'max_tokens' in body)
          return {
            status: 400,
            json: fixtureJson('openai/chat/reasoning-model-legacy-parameter-error.json'),
          };
        if ('temperature' in body && body.temperature !== 1)
          return {
            status: 400,
            json: fixtureJson('openai/responses/reasoning-model-temperature-error.json'),
          };
        return undefined;
      },
      paths: () => ['/v1/chat/completions', '/v1/responses'],
    },
    {
      name: 'Claude',
      type: 14,
      model: 'claude-haiku-4-5-20251001',
      limitedModel: 'claude-opus-4-1-20250805',
      chat: {
        text: {
          plain: anthropicAnswer('anthropic/anthropic-text.json'),
          streamed: anthropicStream('anthropic/anthropic-text.chunks.txt'),
        },
        tool: {
          plain: anthropicAnswer('anthropic/anthropic-json-tool.1.json'),
          streamed: anthropicStream('anthropic/anthropic-json-tool.1.chunks.txt'),
        },
        json: {
          plain: anthropicAnswer('anthropic/anthropic-json-output-format.1.json'),
          streamed: anthropicStream('anthropic/anthropic-json-output-format.1.chunks.txt'),
        },
        reasoning: {
          plain: anthropicAnswer('anthropic/anthropic-claude-opus-5-reasoning-high.1.json'),
          streamed: anthropicStream('anthropic/anthropic-clear-thinking.1.chunks.txt'),
        },
      },
      limited: anthropicLimited,
      budgetIn: (body) => (body.thinking as { budget_tokens?: number } | undefined)?.budget_tokens,
      paths: () => ['/v1/messages'],
    },
    {
      name: 'Gemini',
      type: 24,
      model: 'gemini-2.5-flash',
      limitedModel: 'gemini-2.5-pro',
      chat: geminiRecordings(),
      limited: geminiLimited(),
      budgetIn: (body) =>
        (body.generationConfig as { thinkingConfig?: { thinkingBudget?: number } } | undefined)
          ?.thinkingConfig?.thinkingBudget,
      paths: (model) => [
        `/v1beta/models/${model}:generateContent`,
        `/v1beta/models/${model}:streamGenerateContent`,
      ],
    },
  ];
}

const prefix = (family: Family) => `/${family.name.toLowerCase().replaceAll(' ', '-')}`;

/**
 * Seeds each family's two channels on the mock and answers every call to the first with whatever
 * recording the test chose last (serve()), every call to the second with the family's 429.
 */
export async function seedFamilies(t: TestServer, mock: MockUpstream, all: Family[]) {
  const serving = new Map<string, MockReply>();
  const ratios = Object.fromEntries(all.flatMap((f) => (f.ratio === undefined ? [] : [[f.model, f.ratio]])));
  const root = await signInAsRoot(t.url);
  if (Object.keys(ratios).length > 0)
    await setRelayOption(root, 'ModelRatio', JSON.stringify({ ...DEFAULT_MODEL_RATIO, ...ratios }));
  // Every client meets the 429 channel in turn: its answers are what is tested, so its breaker stays closed.
  await setRelayOption(root, 'CircuitBreakerFailures', '1000');
  for (const family of all) {
    const base = prefix(family);
    const own = { type: family.type, ...family.seed?.(mock.url) };
    family.prepare?.(mock);
    await seedChannel(t, { ...own, baseUrl: mock.url + base, models: [family.model] });
    for (const path of family.paths(family.model))
      mock.handler(
        base + path,
        (request) =>
          family.refuse?.(path, request.json) ??
          serving.get(family.name) ?? { status: 500, json: { error: 'nothing served' } },
      );
    const { limited, limitedModel } = family;
    if (!limited || !limitedModel) continue;
    await seedChannel(t, { ...own, baseUrl: `${mock.url}${base}-limited`, models: [limitedModel] });
    for (const path of family.paths(limitedModel)) mock.reply(`${base}-limited${path}`, limited.reply);
  }
  return {
    serve(family: Family, recording: Recording) {
      serving.set(family.name, recording.reply);
    },
  };
}
