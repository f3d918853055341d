import type { MockReply } from './mock-upstream.ts';

/**
 * The upstream faults of the money matrix (issue #11 item 9): what the mock answers for a stream
 * and for a plain call, and whether the client should end up with an answer it pays for. The
 * answers are written here (small synthetic OpenAI chat answers), not recorded captures.
 */
export interface UpstreamFault {
  name: string;
  reply: (stream: boolean) => MockReply;
  /**
   * The call is answered (HTTP 200, or a stream that delivered something) when the client stays:
   * it must then have exactly one log row; otherwise it must leave the balances as they were.
   */
  answered: (stream: boolean) => boolean;
}

export const MODEL = 'gpt-4.1-nano';
/** Every call asks for at most this many tokens: an honest charge cannot be for more. */
export const MAX_TOKENS = 1000;

const WORDS = ['one', ' two', ' three', ' four', ' five'];
const GOOD_USAGE = { prompt_tokens: 20, completion_tokens: 200, total_tokens: 220 };

type Usage = Record<string, unknown> | undefined;

function answer(usage: Usage) {
  return {
    id: 'chatcmpl-money',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: MODEL,
    choices: [{ index: 0, message: { role: 'assistant', content: WORDS.join('') }, finish_reason: 'stop' }],
    ...(usage ? { usage } : {}),
  };
}

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  JSON.stringify({
    id: 'chatcmpl-money',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: MODEL,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });

function events(usage: Usage): string[] {
  const list = [
    chunk({ role: 'assistant', content: '' }),
    ...WORDS.map((word) => chunk({ content: word })),
    chunk({}, 'stop'),
  ];
  if (usage)
    list.push(
      JSON.stringify({
        id: 'chatcmpl-money',
        object: 'chat.completion.chunk',
        created: 1_700_000_000,
        model: MODEL,
        choices: [],
        usage,
      }),
    );
  return list;
}

const normal =
  (usage: Usage) =>
  (stream: boolean): MockReply =>
    stream ? { sse: events(usage) } : { json: answer(usage) };

const httpError = (status: number): UpstreamFault => ({
  name: `HTTP ${status} before any body`,
  reply: () => ({ status, json: { error: { message: `upstream says ${status}`, type: 'server_error' } } }),
  answered: () => false,
});

const always = () => true;

export const UPSTREAM_FAULTS: UpstreamFault[] = [
  { name: 'normal answer', reply: normal(GOOD_USAGE), answered: always },
  httpError(429),
  httpError(500),
  httpError(503),
  { name: 'connection reset before headers', reply: () => ({ destroy: true }), answered: () => false },
  {
    // A plain answer cut half way has given the client nothing yet; a stream cut after three events has.
    name: 'connection reset mid-body',
    reply: (stream) =>
      stream
        ? { sseThenDrop: events(undefined).slice(0, 3) }
        : { partialJson: answer(GOOD_USAGE), then: 'drop' },
    answered: (stream) => stream,
  },
  {
    name: 'stall mid-body (STREAMING_TIMEOUT ends it)',
    reply: (stream) =>
      stream
        ? { sse: events(GOOD_USAGE), stallAfter: 3 }
        : { partialJson: answer(GOOD_USAGE), then: 'stall' },
    answered: (stream) => stream,
  },
  { name: 'usage missing', reply: normal(undefined), answered: always },
  {
    name: 'usage malformed (strings)',
    reply: normal({ prompt_tokens: 'x', completion_tokens: 'y', total_tokens: 'z' }),
    answered: always,
  },
  {
    name: 'usage malformed (negative numbers)',
    reply: normal({ prompt_tokens: -20, completion_tokens: -200, total_tokens: -220 }),
    answered: always,
  },
  {
    name: 'usage absurd (completion_tokens 1e20)',
    reply: normal({ prompt_tokens: 20, completion_tokens: 1e20, total_tokens: 1e20 }),
    answered: always,
  },
  {
    name: 'slow first byte',
    reply: (stream) => ({ delayMs: 300, reply: normal(GOOD_USAGE)(stream) }),
    answered: always,
  },
];
