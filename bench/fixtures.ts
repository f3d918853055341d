/** The traffic of the benchmark: what a client sends and what the mock provider answers. */

export const MODEL = 'gpt-4o-mini';
export const CHAT_PATH = '/v1/chat/completions';
/** Base path on the mock whose streams send one event per second (for the held-open streams test). */
export const SLOW_PREFIX = '/slow';
export const SLOW_GAP_MS = 1000;

const messages = [
  { role: 'system', content: 'You are a helpful assistant. Answer in one sentence.' },
  { role: 'user', content: 'Describe the sea at dawn.' },
];

export const JSON_REQUEST = JSON.stringify({ model: MODEL, messages, max_tokens: 64, temperature: 0.7 });
/** The same call in Anthropic's Messages format: the gateway converts it to chat and the stream back. */
export const MESSAGES_PATH = '/v1/messages';
export const ANTHROPIC_STREAM_REQUEST = JSON.stringify({
  model: MODEL,
  system: messages[0]!.content,
  messages: messages.slice(1),
  max_tokens: 64,
  temperature: 0.7,
  stream: true,
});
export const STREAM_REQUEST = JSON.stringify({
  model: MODEL,
  messages,
  max_tokens: 64,
  temperature: 0.7,
  stream: true,
  stream_options: { include_usage: true },
});

/** The answer, as 19 stream pieces (one per completion token). */
export const PIECES = [
  'At',
  ' dawn',
  ' the',
  ' sea',
  ' lies',
  ' still',
  ',',
  ' a',
  ' pale',
  ' mirror',
  ' of',
  ' silver',
  ' light',
  ' waking',
  ' under',
  ' a',
  ' quiet',
  ' sky',
  '.',
];
export const PROMPT_TOKENS = 27;

const ID = 'chatcmpl-BenchRelaygate0000000000001';
const CREATED = 1_767_225_600;
const UPSTREAM_MODEL = 'gpt-4o-mini-2024-07-18';
const FINGERPRINT = 'fp_bench00001';

function usage(completion: number) {
  return {
    prompt_tokens: PROMPT_TOKENS,
    completion_tokens: completion,
    total_tokens: PROMPT_TOKENS + completion,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: 0,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

/** A chat.completion as OpenAI returns it. */
export const JSON_ANSWER = JSON.stringify({
  id: ID,
  object: 'chat.completion',
  created: CREATED,
  model: UPSTREAM_MODEL,
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content: PIECES.join(''), refusal: null, annotations: [] },
      logprobs: null,
      finish_reason: 'stop',
    },
  ],
  usage: usage(PIECES.length),
  service_tier: 'default',
  system_fingerprint: FINGERPRINT,
});

const CHUNK_HEAD = {
  id: ID,
  object: 'chat.completion.chunk',
  created: CREATED,
  model: UPSTREAM_MODEL,
  service_tier: 'default',
  system_fingerprint: FINGERPRINT,
};

const chunk = (delta: Record<string, unknown>, finish: string | null): string =>
  JSON.stringify({
    ...CHUNK_HEAD,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    usage: null,
  });

/**
 * The `data:` events of a stream of these pieces: a role chunk, one chunk per piece, a finish chunk
 * and a usage chunk (choices empty), each as `data: …\n\n`; `data: [DONE]` is not included.
 */
export function streamEvents(pieces: readonly string[]): string[] {
  const events = [
    chunk({ role: 'assistant', content: '', refusal: null }, null),
    ...pieces.map((content) => chunk({ content }, null)),
    chunk({}, 'stop'),
    JSON.stringify({ ...CHUNK_HEAD, choices: [], usage: usage(pieces.length) }),
  ];
  return events.map((event) => `data: ${event}\n\n`);
}

export const DONE_EVENT = 'data: [DONE]\n\n';
/** The fast stream: 22 events (role, 19 content, finish, usage), then [DONE]. */
export const FAST_EVENTS = streamEvents(PIECES);
/** The slow stream: 20 events, one a second (role, 17 content, finish, usage), then [DONE]. */
export const SLOW_PIECES = PIECES.slice(0, 17);
export const SLOW_EVENTS = streamEvents(SLOW_PIECES);
