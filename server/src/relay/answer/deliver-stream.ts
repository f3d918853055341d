import { forwardStream } from './forward-stream.ts';
import { estimatePromptTokens } from './token-counter.ts';
import { localUsage, type Delivered, type Delivery } from './delivery.ts';
import { streamToClient } from './wire-format.ts';
import { answerStream } from '../routing/upstream-answer.ts';

/** A streamed answer, event by event, converted where the formats differ; what it used, counted on the way. */
export async function deliverStream(delivery: Delivery): Promise<Delivered> {
  const { reply, request, body, success, wire } = delivery;
  reply.hijack();
  const fromChannel = success.family.streamToChat(success.upstreamModel, success.format);
  // The channel's usage so far (Gemini's comes with its first event), else the prompt's estimate.
  const promptUsage = () =>
    fromChannel?.usage() ?? localUsage(body.json ? estimatePromptTokens(body.json) : 0, 0);
  const outcome = await forwardStream({
    upstream: answerStream(success.response),
    raw: reply.raw,
    headers: { 'x-oneapi-request-id': request.id },
    clientFormat: body.clientFormat,
    events: success.family.streamFraming?.events,
    fromChannel,
    toClient:
      success.format === wire
        ? null
        : streamToClient(body.clientFormat, body.model, promptUsage, delivery.clientRequest),
    passthrough: delivery.passthrough,
    clientWantsUsage: body.clientWantsUsage,
    localPromptTokens: delivery.localPrompt,
    cancel: success.cancel,
    startedAt: delivery.startedAt,
  });
  const usage = outcome.usage ?? (await outcome.localUsage());
  return {
    usage,
    local: outcome.usage === undefined,
    firstByteMs: outcome.firstByteMs,
    stream: true,
    finishReasons: outcome.finishReasons,
  };
}
