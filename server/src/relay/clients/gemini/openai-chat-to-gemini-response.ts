import { readOpenAIUsage, type Usage } from '../../answer/usage.ts';
import type { ConvertedAnswer, Json } from '../../formats/types.ts';
import { asArray, asObject, asString, parseArguments } from '../../formats/json-read.ts';
import { readChatContent, readToolCalls } from '../../formats/openai-chat-read.ts';

/** An OpenAI finish reason as a Gemini one (Gemini ends a function call with STOP too). */
export function geminiFinishReason(finish: string): string {
  switch (finish) {
    case 'stop':
    case 'tool_calls':
    case 'function_call':
    case '':
      return 'STOP';
    case 'length':
      return 'MAX_TOKENS';
    case 'content_filter':
      return 'SAFETY';
    default:
      return 'OTHER';
  }
}

/**
 * Usage in Gemini terms: candidatesTokenCount leaves out the thoughts (thoughtsTokenCount), and
 * promptTokenCount includes the cached tokens (cachedContentTokenCount).
 */
export function geminiUsageMetadata(usage: Usage | undefined): Json {
  const prompt = usage?.promptTokens ?? 0;
  const completion = usage?.completionTokens ?? 0;
  const thoughts = usage?.reasoningTokens ?? 0;
  const cached = usage?.cachedTokens ?? 0;
  return {
    promptTokenCount: prompt,
    candidatesTokenCount: Math.max(0, completion - thoughts),
    totalTokenCount: prompt + completion,
    ...(thoughts > 0 ? { thoughtsTokenCount: thoughts } : {}),
    ...(cached > 0 ? { cachedContentTokenCount: cached } : {}),
  };
}

/** The text parts of an OpenAI message or delta: reasoning as a thought part, then the text (or refusal). */
export function geminiTextParts(message: Json | undefined): Json[] {
  const { reasoning, text } = readChatContent(message);
  const shown = text || asString(message?.refusal);
  return [...(reasoning ? [{ text: reasoning, thought: true }] : []), ...(shown ? [{ text: shown }] : [])];
}

/** A whole tool call as a Gemini functionCall part. */
export const functionCallPart = (name: string, args: unknown): Json => ({
  functionCall: { name, args: parseArguments(args) },
});

/** One Gemini candidate. */
export const geminiCandidate = (index: number, parts: Json[], finish?: string): Json => ({
  content: { role: 'model', parts },
  ...(finish !== undefined ? { finishReason: geminiFinishReason(finish) } : {}),
  index,
});

/** An OpenAI chat completion as a Gemini generateContent answer, one candidate per choice. */
export function openAIChatToGemini(answer: Json, model: string): ConvertedAnswer {
  const candidates = asArray(answer.choices).map((raw, position) => {
    const choice = asObject(raw);
    const message = asObject(choice?.message);
    const calls = readToolCalls(message).map((call) => functionCallPart(call.name, call.arguments));
    const index = typeof choice?.index === 'number' ? choice.index : position;
    return geminiCandidate(index, [...geminiTextParts(message), ...calls], asString(choice?.finish_reason));
  });
  const usage = readOpenAIUsage(answer.usage);
  return {
    body: {
      candidates,
      usageMetadata: geminiUsageMetadata(usage),
      modelVersion: model,
      ...(typeof answer.id === 'string' ? { responseId: answer.id } : {}),
    },
    usage,
  };
}
