import { countPromptTokens } from '../../answer/token-counter.ts';
import type { ClientCall } from '../client-adaptor.ts';
import { readAnthropicRequest } from './anthropic-request.ts';

/**
 * POST /v1/messages/count_tokens: the call read as a message would be, counted with the gateway's
 * tokenizer whatever channel would serve the model; no channel is called and nothing is billed.
 */
export async function countAnthropicTokens(call: ClientCall): Promise<{ input_tokens: number }> {
  const body = readAnthropicRequest(call);
  return { input_tokens: await countPromptTokens(body.json!) };
}
