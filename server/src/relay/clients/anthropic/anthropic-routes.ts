import type { FastifyInstance } from 'fastify';
import { clientCall, relayThrough } from '../../call/client-call.ts';
import { countAnthropicTokens } from './anthropic-count-tokens.ts';
import { clientAdaptor } from '../registry.ts';
import type { Endpoint } from '../../call/endpoints.ts';
import type { RelayRuntime } from '../../call/pipeline.ts';

const MESSAGES: Endpoint = { path: '/v1/messages', kind: 'chat' };

/** POST /v1/messages: Anthropic's Messages API, served by any channel (passed through to Claude channels). */
export async function anthropicRoutes(app: FastifyInstance, runtime: RelayRuntime): Promise<void> {
  const options = { bodyLimit: app.config.maxRequestBodyBytes, config: { format: 'anthropic' } };
  const anthropic = clientAdaptor('anthropic');
  app.post('/v1/messages', options, async (request, reply) =>
    relayThrough(app, runtime, anthropic, MESSAGES, request, reply),
  );
  // Counted with the gateway's tokenizer, whatever channel would serve the model; not billed.
  app.post('/v1/messages/count_tokens', options, async (request) =>
    countAnthropicTokens(clientCall(request, MESSAGES)),
  );
}
