import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Endpoint } from '../call/endpoints.ts';
import type { RelayBody } from '../call/relay-body.ts';
import type { Json } from '../formats/types.ts';
import type { Success } from '../routing/attempt.ts';
import { countPromptTokens } from './token-counter.ts';
import type { Usage } from './usage.ts';
import { clientWire } from './wire-format.ts';
import type { WireFormat } from '../formats/format-names.ts';

/** What the answer used, for settlement. */
export interface Delivered {
  usage: Usage;
  /** Usage was counted here because the upstream sent none. */
  local: boolean;
  firstByteMs: number;
  stream: boolean;
  /** Why the answer's choices ended, where the answer says (OpenAI's finish_reason). */
  finishReasons?: string[];
}

/** One answer on its way back: the call that asked, what came, and how the two formats meet. */
export interface Delivery {
  request: FastifyRequest;
  reply: FastifyReply;
  endpoint: Endpoint;
  body: RelayBody;
  success: Success;
  startedAt: number;
  contentType: string;
  /** The format the client reads. */
  wire: WireFormat;
  /** Client and channel speak the same format (not OpenAI's): the answer goes as it came. */
  passthrough: boolean;
  /** The client's own request: `original` when json holds its conversion to chat, else json itself. */
  clientRequest: Json | undefined;
  /** The prompt's tokens counted here, for an answer that tells no usage. */
  localPrompt: () => Promise<number>;
}

export function delivery(
  request: FastifyRequest,
  reply: FastifyReply,
  endpoint: Endpoint,
  body: RelayBody,
  success: Success,
  startedAt: number,
): Delivery {
  const wire = clientWire(body.clientFormat);
  return {
    request,
    reply,
    endpoint,
    body,
    success,
    startedAt,
    contentType: String(success.response.headers['content-type'] ?? ''),
    wire,
    passthrough: success.format === wire && wire !== 'openai',
    clientRequest: body.original ?? body.json,
    localPrompt: async () => (body.json ? countPromptTokens(body.json) : 0),
  };
}

export const localUsage = (promptTokens: number, completionTokens: number): Usage => ({
  promptTokens,
  completionTokens,
  cachedTokens: 0,
  reasoningTokens: 0,
});
