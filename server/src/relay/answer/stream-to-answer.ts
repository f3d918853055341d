import type { Success } from '../routing/attempt.ts';
import { answerPieces } from '../routing/upstream-answer.ts';
import { ChatAnswerAssembler } from '../formats/chat-answer-assembler.ts';
import type { ConvertedAnswer, Json } from '../formats/types.ts';
import type { ProviderFamily } from '../providers/provider-family.ts';
import { RelayError } from '../call/relay-error.ts';
import { sseEventBatches, type SseEvent } from './sse.ts';
import { openAIUsageBody } from './usage.ts';

const parseObject = (text: string): Json | undefined => {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
};

/** A stream folded into one answer, or the error it ended with. */
export interface FoldedStream {
  answer: ConvertedAnswer;
  failure?: string;
}

/**
 * A channel's stream folded into one chat completion as its events arrive: each event through the
 * family's own stream converter, the chunks joined (never kept), the usage the stream told.
 */
export async function foldStream(
  family: ProviderFamily,
  upstreamModel: string,
  batches: AsyncIterable<SseEvent[]> | Iterable<SseEvent[]>,
): Promise<FoldedStream> {
  const source = family.streamToChat(upstreamModel);
  const assembler = new ChatAnswerAssembler();
  for await (const batch of batches)
    for (const event of batch) {
      const data = parseObject(event.data);
      if (!data) continue;
      for (const chunk of source ? source.push({ event: event.event, data }) : [data]) assembler.push(chunk);
    }
  for (const chunk of source?.end() ?? []) assembler.push(chunk);
  const answer = assembler.answer(upstreamModel);
  const usage = source?.usage() ?? answer.usage;
  if (usage) answer.body.usage = openAIUsageBody(usage);
  return { answer: { body: answer.body, usage }, failure: assembler.failure };
}

/**
 * A streamed answer to a call the client asked not to stream (a channel that answers only by
 * stream, such as Coze's), folded into one chat completion. A stream that ends in an error answers
 * the caller as one (502).
 */
export async function answerFromStream(success: Success): Promise<ConvertedAnswer> {
  const { family, response, upstreamModel } = success;
  const body = answerPieces(response);
  const batches = family.streamFraming?.events(body) ?? sseEventBatches(body);
  const { answer, failure } = await foldStream(family, upstreamModel, batches);
  if (failure !== undefined) throw new RelayError(502, failure, 'upstream_stream_error', 'upstream_error');
  return answer;
}
