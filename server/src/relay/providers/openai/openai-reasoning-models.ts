import type { EndpointKind } from '../../call/endpoints.ts';

/**
 * OpenAI's reasoning models (o1, o3, o4-mini…, the gpt-5 family except its chat models) refuse
 * max_tokens (they take max_completion_tokens) and every sampling setting but the defaults. A
 * call converted from Anthropic or Gemini, or from an older OpenAI client, carries them anyway.
 */
const REASONING_MODEL = /^(o\d|gpt-5(?!(\.\d+)?-chat))/;
const UNSUPPORTED = [
  'temperature',
  'top_p',
  'presence_penalty',
  'frequency_penalty',
  'logprobs',
  'top_logprobs',
  'logit_bias',
];

export function isOpenAIReasoningModel(model: string): boolean {
  return REASONING_MODEL.test(model.slice(model.lastIndexOf('/') + 1));
}

/** Makes a chat or Responses body (a copy the caller owns) acceptable to a reasoning model. */
export function fitForReasoningModel(json: Record<string, unknown>, kind: EndpointKind): void {
  if (kind !== 'chat' && kind !== 'responses') return;
  for (const field of UNSUPPORTED) delete json[field];
  if (kind === 'chat' && json.max_tokens !== undefined) {
    json.max_completion_tokens ??= json.max_tokens;
    delete json.max_tokens;
  }
}
