import { asArray, asNumber, asObject, asOptionalString } from '../../formats/json-read.ts';
import type { Json } from '../../formats/types.ts';
import type { GeminiFunctionCall } from './gemini-call-assembler.ts';

/** A piece of a candidate's content that OpenAI chat can carry. */
export type GeminiPiece =
  | { kind: 'text'; text: string }
  | { kind: 'reasoning'; text: string }
  | { kind: 'call'; functionCall: unknown };

/**
 * The candidates of a Gemini answer (or stream event), each with its choice index. A prompt
 * blocked before any candidate (promptFeedback.blockReason) counts as one empty candidate that
 * finished with SAFETY, so the client sees content_filter whatever the block reason.
 */
export function geminiCandidates(response: Json): { index: number; candidate: Json }[] {
  const candidates = asArray(response.candidates).flatMap((raw, position) => {
    const candidate = asObject(raw);
    return candidate ? [{ index: asNumber(candidate.index) ?? position, candidate }] : [];
  });
  if (candidates.length > 0) return candidates;
  const blocked = asOptionalString(asObject(response.promptFeedback)?.blockReason);
  return blocked ? [{ index: 0, candidate: { finishReason: 'SAFETY' } }] : [];
}

/**
 * A candidate's parts, in order: text, thought text (reasoning) and function calls. Empty texts
 * (Gemini sends some to carry a thought signature) and other part kinds are left out.
 */
export function candidatePieces(candidate: Json): GeminiPiece[] {
  return asArray(asObject(candidate.content)?.parts).flatMap((raw): GeminiPiece[] => {
    const part = asObject(raw);
    if (!part) return [];
    if (part.functionCall !== undefined) return [{ kind: 'call', functionCall: part.functionCall }];
    const text = asOptionalString(part.text);
    if (!text) return [];
    return [{ kind: part.thought === true ? 'reasoning' : 'text', text }];
  });
}

/** A complete call as an OpenAI tool call; Gemini's own call id wins over the generated one. */
export function openAIToolCall(call: GeminiFunctionCall, generatedId: string): Json {
  return {
    id: call.id ?? generatedId,
    type: 'function',
    function: { name: call.name, arguments: JSON.stringify(call.args ?? {}) },
  };
}
