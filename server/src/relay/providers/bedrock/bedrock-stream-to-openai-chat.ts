import { asObject, asString } from '../../formats/json-read.ts';
import { ChatChunkBuilder } from '../../formats/chat-chunk-builder.ts';
import type { ChunkSource, Json } from '../../formats/types.ts';
import { openAIUsageBody, type Usage } from '../../answer/usage.ts';
import { fromBedrockUsage } from './bedrock-usage.ts';
import { mapBedrockStopReason } from './map-bedrock-stop-reason.ts';

const errorChunk = (message: string): Json => ({ error: { message, type: 'upstream_error' } });

/**
 * A Converse stream (the events of converse-stream, named by their event type) as OpenAI
 * chat.completion.chunk data: text → content, reasoningContent → reasoning_content, toolUse blocks
 * → tool calls with their input in pieces; messageStop gives the finish reason, metadata the
 * usage (in either order), sent as a last chunk with `choices: []` when the stream ends. An
 * exception (modelStreamErrorException, throttlingException, …, decoded as an `error` event) or a
 * stream that stops before messageStop ends with an error chunk.
 */
export class BedrockToOpenAIChatStream implements ChunkSource {
  private readonly out: ChatChunkBuilder;
  private stopped = false;
  private failed = false;
  private rawUsage: unknown;

  constructor(upstreamModel: string) {
    this.out = new ChatChunkBuilder(upstreamModel, `chatcmpl-bedrock-${Date.now().toString(36)}`);
  }

  push({ event, data }: { event?: string; data: Json }): Json[] {
    if (this.failed) return [];
    const index = typeof data.contentBlockIndex === 'number' ? data.contentBlockIndex : 0;
    switch (event) {
      case 'messageStart':
        return [this.out.chunk({ role: 'assistant', content: '' })];
      case 'contentBlockStart':
        return this.blockStart(index, asObject(asObject(data.start)?.toolUse));
      case 'contentBlockDelta':
        return this.blockDelta(index, asObject(data.delta) ?? {});
      case 'contentBlockStop':
        return this.out.toolEnd(index);
      case 'messageStop':
        this.stopped = true;
        return [
          this.out.event({
            choices: [{ index: 0, delta: {}, finish_reason: mapBedrockStopReason(data.stopReason) }],
          }),
        ];
      case 'metadata':
        this.rawUsage = data.usage;
        return [];
      default:
        return event === 'error' ? this.fail(asObject(data.error) ?? {}) : [];
    }
  }

  end(): Json[] {
    if (this.failed) return [];
    if (!this.stopped) {
      this.failed = true;
      return [errorChunk('The upstream stream ended before the answer was complete')];
    }
    const usage = this.usage();
    return usage ? [this.out.event({ choices: [], usage: openAIUsageBody(usage) })] : [];
  }

  usage(): Usage | undefined {
    return fromBedrockUsage(this.rawUsage);
  }

  /** An exception frame, read into an Anthropic-shaped error by the decoder (bedrock-stream-error.ts). */
  private fail(error: Json): Json[] {
    this.failed = true;
    return [errorChunk(asString(error.message) || 'the stream failed')];
  }

  private blockStart(blockIndex: number, toolUse: Json | undefined): Json[] {
    if (!toolUse) return [];
    return this.out.toolStart(blockIndex, asString(toolUse.toolUseId), asString(toolUse.name));
  }

  private blockDelta(blockIndex: number, delta: Json): Json[] {
    if (typeof delta.text === 'string')
      return delta.text === '' ? [] : [this.out.chunk({ content: delta.text })];
    const reasoning = asString(asObject(delta.reasoningContent)?.text);
    if (reasoning !== '') return [this.out.chunk({ reasoning_content: reasoning })];
    return this.out.toolArguments(blockIndex, asString(asObject(delta.toolUse)?.input));
  }
}
