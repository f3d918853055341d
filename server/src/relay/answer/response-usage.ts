import type { EndpointKind } from '../call/endpoints.ts';
import { finishReasonsOf } from './finish-reasons.ts';
import { countChoiceText, IncrementalCounter } from './incremental-counter.ts';
import { countTokens, loadTokenizer } from './token-counter.ts';
import { readOpenAIUsage, type Usage } from './usage.ts';
import type { NowOrLater } from '../../cache/now-or-later.ts';

/** Transcription usage: the upstream's tokens, else its duration (new-api: ⌈seconds⌉/60 × 1000 tokens). */
async function transcriptionUsage(body: Record<string, unknown>, text: string): Promise<Usage> {
  const usage = body.usage as Record<string, unknown> | undefined;
  const fromTokens = readOpenAIUsage(usage);
  if (fromTokens) return fromTokens;
  const seconds =
    typeof usage?.seconds === 'number'
      ? usage.seconds
      : typeof body.duration === 'number'
        ? body.duration
        : 0;
  if (seconds > 0)
    return {
      promptTokens: Math.ceil((Math.ceil(seconds) / 60) * 1000),
      completionTokens: 0,
      cachedTokens: 0,
      reasoningTokens: 0,
    };
  await loadTokenizer();
  return { promptTokens: 0, completionTokens: countTokens(text), cachedTokens: 0, reasoningTokens: 0 };
}

/** What a whole answer used, whether it was counted here, and why each choice finished. */
export interface AnswerUsage {
  usage: Usage;
  local: boolean;
  finishReasons?: string[];
}

/**
 * Usage of a whole (non-stream) answer: the upstream's own record when there is one (at once);
 * otherwise counted locally (`local: true`), with the request's prompt count.
 */
export function usageOfAnswer(
  kind: EndpointKind,
  bytes: Buffer,
  localPromptTokens: () => Promise<number>,
): NowOrLater<AnswerUsage> {
  let body: Record<string, unknown> = {};
  const text = bytes.toString('utf8');
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Plain-text answers (e.g. transcription with response_format=text).
  }
  if (kind === 'transcription')
    return transcriptionUsage(body, typeof body.text === 'string' ? body.text : text).then((usage) => ({
      usage,
      local: false,
    }));
  const usage = readOpenAIUsage(body.usage);
  const finishReasons = finishReasonsOf(body.choices);
  if (usage) return { usage, local: false, finishReasons };
  return countedHere(body, localPromptTokens, finishReasons);
}

async function countedHere(
  body: Record<string, unknown>,
  localPromptTokens: () => Promise<number>,
  finishReasons: string[] | undefined,
): Promise<AnswerUsage> {
  const counter = new IncrementalCounter();
  countChoiceText(counter, body.choices);
  return {
    usage: {
      promptTokens: await localPromptTokens(),
      completionTokens: await counter.total(),
      cachedTokens: 0,
      reasoningTokens: 0,
    },
    local: true,
    finishReasons,
  };
}
