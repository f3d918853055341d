import { asOptionalString } from '../../formats/json-read.ts';
import { randomUUID } from 'node:crypto';
import type { ConvertedAnswer, Json } from '../../formats/types.ts';
import { candidatePieces, geminiCandidates, openAIToolCall } from './gemini-answer-parts.ts';
import { GeminiCallAssembler, type GeminiFunctionCall } from './gemini-call-assembler.ts';
import { openAIUsageBody } from '../../answer/usage.ts';
import { fromGeminiUsage, hasGeminiTokenCounts } from './gemini-usage.ts';
import { mapGeminiFinishReason } from './map-gemini-finish-reason.ts';

/**
 * A Gemini generateContent answer → an OpenAI chat.completion, one choice per candidate: the
 * text parts joined as content, thought parts as reasoning_content, function calls as tool_calls
 * (ids call_0, call_1… through the answer, unless Gemini gave its own), and the usage.
 */
export function fromGeminiResponse(response: Json, model: string): ConvertedAnswer {
  let callCount = 0;
  const toToolCalls = (calls: GeminiFunctionCall[]): Json[] =>
    calls.map((call) => openAIToolCall(call, `call_${callCount++}`));

  const choices = geminiCandidates(response).map(({ index, candidate }) => {
    const assembler = new GeminiCallAssembler();
    let content = '';
    let reasoning = '';
    const toolCalls: Json[] = [];
    for (const piece of candidatePieces(candidate)) {
      if (piece.kind === 'text') content += piece.text;
      else if (piece.kind === 'reasoning') reasoning += piece.text;
      else toolCalls.push(...toToolCalls(assembler.push(piece.functionCall)));
    }
    toolCalls.push(...toToolCalls(assembler.flush()));
    const message: Json = { role: 'assistant', content: content || (toolCalls.length > 0 ? null : '') };
    if (reasoning) message.reasoning_content = reasoning;
    if (toolCalls.length > 0) message.tool_calls = toolCalls;
    const finishReason = mapGeminiFinishReason(candidate.finishReason, toolCalls.length > 0);
    return { index, message, finish_reason: finishReason };
  });

  const body: Json = {
    id: `chatcmpl-${asOptionalString(response.responseId) ?? randomUUID()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices,
  };
  if (!hasGeminiTokenCounts(response.usageMetadata)) return { body };
  const usage = fromGeminiUsage(response.usageMetadata);
  body.usage = openAIUsageBody(usage);
  return { body, usage };
}
