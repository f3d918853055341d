import { clientAdaptor } from '../../clients/registry.ts';
import type { RequestInput } from '../provider-family.ts';

/**
 * The path an OpenAI-format upstream is called on: a call from a client whose calls pass through
 * to OpenAI (chat, Responses; embeddings and the like from any client) keeps its path; a call
 * converted from another format is a chat completion by now.
 */
export function openAIPath({ endpoint, body }: Pick<RequestInput, 'endpoint' | 'body'>): string {
  return clientAdaptor(body.clientFormat).wire === 'openai' || endpoint.kind !== 'chat'
    ? endpoint.path
    : '/v1/chat/completions';
}
