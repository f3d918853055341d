import { requireJsonObject } from '../../call/relay-error.ts';
import { countPromptTokens } from '../../answer/token-counter.ts';
import { readGenerateContent } from './gemini-request.ts';

/**
 * models/{model}:countTokens, counted with the gateway's tokenizer (no channel called, nothing
 * billed): the request's contents, or the whole generateContentRequest it wraps.
 */
export async function countGeminiTokens(raw: unknown, model: string): Promise<{ totalTokens: number }> {
  const body = requireJsonObject(raw);
  const wrapped = body.generateContentRequest;
  const request = wrapped && typeof wrapped === 'object' ? requireJsonObject(wrapped) : body;
  return { totalTokens: await countPromptTokens(readGenerateContent(request, model, false).chat) };
}
