import { field } from '../../formats/json-read.ts';
import type { RelayBody } from '../../call/relay-body.ts';
import { invalidRequest, requireJsonObject } from '../../call/relay-error.ts';
import type { ClientCall } from '../client-adaptor.ts';
import { optionalObject, tokenCount } from '../request-fields.ts';
import { geminiEmbedToOpenAI } from './gemini-embeddings.ts';
import { geminiToOpenAIChat } from './gemini-request-to-openai-chat.ts';
import { geminiTarget } from './gemini-target.ts';

/** maxOutputTokens and an explicit thinking budget (-1 "dynamic" and 0 "off" are no budget). */
function generationLimits(request: Record<string, unknown>): { maxTokens: number; budget?: number } {
  const generation = optionalObject(field(request, 'generationConfig'), 'generationConfig');
  const thinking = optionalObject(field(generation, 'thinkingConfig'), 'generationConfig.thinkingConfig');
  const budget = field(thinking, 'thinkingBudget');
  if (budget !== undefined && budget !== null && (typeof budget !== 'number' || !Number.isInteger(budget)))
    throw invalidRequest('generationConfig.thinkingConfig.thinkingBudget must be a whole number');
  return {
    maxTokens: tokenCount(field(generation, 'maxOutputTokens'), 'generationConfig.maxOutputTokens'),
    budget: typeof budget === 'number' && budget > 0 ? budget : undefined,
  };
}

/** A generateContent request (or the one countTokens wraps) as OpenAI chat, with its limits. */
export function readGenerateContent(request: Record<string, unknown>, model: string, stream: boolean) {
  if (!Array.isArray(request.contents)) throw invalidRequest('contents is required');
  return { ...generationLimits(request), chat: geminiToOpenAIChat(request, model, stream) };
}

/**
 * A Gemini call read and checked: the model and action come from the path
 * (models/{model}:generateContent, :streamGenerateContent, :embedContent, :batchEmbedContents).
 * The client's body is kept for Gemini channels, its OpenAI form made for the others.
 */
export function readGeminiRequest(call: ClientCall): RelayBody {
  const { model, action } = geminiTarget(call.params?.target);
  const original = requireJsonObject(call.body);
  if (action === 'embedContent' || action === 'batchEmbedContents') {
    const json = geminiEmbedToOpenAI(original, action, model);
    return {
      model,
      stream: false,
      clientWantsUsage: false,
      maxTokens: 0,
      json,
      clientFormat: 'gemini',
      original,
    };
  }
  const stream = action === 'streamGenerateContent';
  const { maxTokens, budget, chat } = readGenerateContent(original, model, stream);
  return {
    model,
    stream,
    clientWantsUsage: true,
    maxTokens,
    json: chat,
    clientFormat: 'gemini',
    original,
    thinkingBudget: budget,
  };
}
