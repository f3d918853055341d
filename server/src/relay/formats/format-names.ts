/**
 * The names of the formats: what clients speak and what channels share. A leaf, so that the client
 * adaptors, the registry that lists them (clients/registry.ts) and the relay can all name them.
 */

/** The wire formats clients speak and channels may share; OpenAI chat is the one everything converts through. */
export type WireFormat = 'openai' | 'anthropic' | 'gemini';

/**
 * What a client may speak: a wire format, or OpenAI's Responses API (passed as it is to OpenAI
 * channels). Each has its adaptor in clients/registry.ts, which must list every one.
 */
export type ClientFormat = WireFormat | 'responses';
