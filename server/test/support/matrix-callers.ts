import { HISTORY } from './matrix-history.ts';
import type { Finish } from './matrix-recordings.ts';

/** One call a matrix test makes through a client library. */
export interface Ask {
  model: string;
  stream: boolean;
  /** Offer one function tool by this name (any object as arguments). */
  tool?: string;
  /** Ask for a JSON answer the library's own way (JSON mode or a schema). */
  json?: boolean;
  /** Ask for reasoning the library's own way. */
  reasoning?: boolean;
  /** Send HISTORY (the prompt, the assistant's tool call, its result) instead of PROMPT, with the tool offered. */
  history?: boolean;
}

/**
 * What the library handed its user, put in neutral terms by the caller: finish as the library
 * spelled it, token counts converted from the library's terms (all input tokens, all output tokens
 * with reasoning) the way a user of that library would add them up.
 */
export interface Heard {
  text: string;
  finish: string | undefined;
  input?: number;
  output?: number;
  tools: Array<{ name: string; args: unknown }>;
  reasoningText?: string;
  reasoningTokens?: number;
  /** A JSON answer as the library parsed it (or the text parsed, where the library leaves that to its user). */
  json?: unknown;
}

/** What the library made of a 429. */
export interface RateLimitHeard {
  /** The library classified it as a rate limit (its own error class or status). */
  rateLimited: boolean;
  /** The Retry-After header, as the library exposes it. */
  retryAfter?: string;
  /** Gemini's RetryInfo.retryDelay, as the library exposes it. */
  retryDelay?: string;
}

export interface Caller {
  name: string;
  /** The calls go to /v1/responses (passed through to an OpenAI channel's own Responses API). */
  responses?: boolean;
  /** The output tokens this library reports leave reasoning out, and it has no reasoning count to add. */
  outputWithoutReasoning?: boolean;
  /** Streamed, the library takes input tokens from the start of the stream only (Anthropic's message_start). */
  streamedInputFromStart?: boolean;
  /** The explicit thinking budget the library asks for when asked to reason (none: it asks for an effort). */
  thinkingBudget?: number;
  /** How this library spells each finish. */
  finishWords: Record<Finish, string | undefined>;
  /** What this library reads and hands its user. */
  reads: {
    reasoningText: boolean;
    reasoningTokens: boolean;
    /** Whether the library offers JSON answers (only not streamed, for some). */
    json: boolean | 'not streamed';
    /** Which form of retry delay the library exposes on a 429, if any. */
    retryDelay?: 'retry-after' | 'retry-info';
  };
  call(ask: Ask): Promise<Heard>;
  rateLimit(model: string): Promise<RateLimitHeard>;
}

/** Where the gateway listens and the key to call it with: filled in once the server is up, read at each call. */
export interface Gateway {
  url: string;
  key: string;
}

export type CallerFactory = (gateway: Gateway) => Caller;

/** The tool a call offers: the one asked for, or the history's. */
export const toolOf = (ask: Ask): string | undefined => ask.tool ?? (ask.history ? HISTORY.tool : undefined);

/** The tool every tool call offers: a function by the recording's name taking any object. */
export const anyObject = { type: 'object', properties: {}, additionalProperties: true } as const;

/** A JSON schema that every recorded JSON answer satisfies. */
export const jsonAnswerSchema = { type: 'object', additionalProperties: true } as const;

export const PROMPT = 'Hello';

/** The thinking budget every caller that can name one asks for. */
export const BUDGET = 2048;

/** The error a call threw (or a failure if it did not throw). */
export async function thrown(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error('the call succeeded where a 429 was expected');
}

/** The text parsed as JSON, or undefined if it is not JSON. */
export function parsedOrNot(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The RetryInfo delay inside a Gemini error body carried in a message. */
export const retryDelayIn = (text: string): string | undefined => /"retryDelay":\s*"([^"]+)"/.exec(text)?.[1];
