import type { Success } from './attempt.ts';
import { ChatAnswerAssembler } from './formats/chat-answer-assembler.ts';
import type { ConvertedAnswer, Json } from './formats/types.ts';
import { RelayError } from './relay-error.ts';
import { sseEventBatches } from './sse.ts';
import { openAIUsageBody } from './usage.ts';

const parseObject = (text: string): Json | undefined => {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * A streamed answer to a call the client asked not to stream (a channel that answers only by
 * stream, such as Coze's): the channel's events through its own stream converter, folded into one
 * chat completion as they arrive. A stream that ends in an error answers the caller as one (502).
 */
export async function answerFromStream(success: Success): Promise<ConvertedAnswer> {
  const { family, response, upstreamModel } = success;
  const source = family.streamToChat(upstreamModel);
  const assembler = new ChatAnswerAssembler();
  const batches = family.streamFraming?.events(response.body) ?? sseEventBatches(response.body);
  for await (const batch of batches)
    for (const event of batch) {
      const data = parseObject(event.data);
      if (!data) continue;
      for (const chunk of source ? source.push({ event: event.event, data }) : [data]) assembler.push(chunk);
    }
  for (const chunk of source?.end() ?? []) assembler.push(chunk);
  if (assembler.failure !== undefined)
    throw new RelayError(502, assembler.failure, 'upstream_stream_error', 'upstream_error');
  const answer = assembler.answer(upstreamModel);
  const usage = source?.usage() ?? answer.usage;
  if (usage) answer.body.usage = openAIUsageBody(usage);
  return { body: answer.body, usage };
}
