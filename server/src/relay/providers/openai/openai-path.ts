import type { RequestInput } from '../provider-family.ts';

/**
 * The path an OpenAI-format upstream is called on: a call in one of OpenAI's own formats (chat,
 * Responses, embeddings…) keeps its path; a call converted from another format is a chat
 * completion by now.
 */
export function openAIPath({ endpoint, body }: Pick<RequestInput, 'endpoint' | 'body'>): string {
  const speaksOpenAI = body.clientFormat === 'openai' || body.clientFormat === 'responses';
  return speaksOpenAI || endpoint.kind !== 'chat' ? endpoint.path : '/v1/chat/completions';
}
