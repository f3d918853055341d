import { asObject, asString } from '../../formats/json-read.ts';
import { ChatChunkStream } from '../../formats/chat-chunk-stream.ts';
import type { Json } from '../../formats/types.ts';
import type { Usage } from '../../answer/usage.ts';
import { fromCohereUsage } from './cohere-usage.ts';
import { mapCohereFinishReason } from './map-cohere-finish-reason.ts';

/** What a content or tool event carries: `delta.message` of a Cohere v2 stream event. */
const messageOf = (data: Json): Json => asObject(asObject(data.delta)?.message) ?? {};

/**
 * A Cohere v2 chat stream as OpenAI chat.completion.chunk data, event by event: text → content,
 * thinking → reasoning_content, the tool plan (Cohere's words before a tool call) → content, tool
 * calls with their arguments in pieces. message-end gives the finish reason and the usage, sent as
 * a last chunk with `choices: []`. Citations say nothing new. A stream that stops before
 * message-end ends with an error chunk.
 */
export class CohereToOpenAIChatStream extends ChatChunkStream {
  private rawUsage: unknown;

  push({ data }: { event?: string; data: Json }): Json[] {
    if (this.ended) return [];
    const index = typeof data.index === 'number' ? data.index : 0;
    switch (data.type) {
      case 'message-start':
        this.out.id = asString(data.id);
        return [this.out.chunk({ role: 'assistant', content: '' })];
      case 'content-start':
      case 'content-delta':
        return this.content(asObject(messageOf(data).content) ?? {});
      case 'tool-plan-delta':
        return this.delta({ content: asString(messageOf(data).tool_plan) });
      case 'tool-call-start':
        return this.toolStart(index, asObject(messageOf(data).tool_calls) ?? {});
      case 'tool-call-delta':
        return this.toolArguments(index, asObject(messageOf(data).tool_calls) ?? {});
      case 'tool-call-end':
        return this.toolEnd(index);
      case 'message-end': {
        const delta = asObject(data.delta) ?? {};
        this.rawUsage = delta.usage;
        return this.finish(mapCohereFinishReason(delta.finish_reason));
      }
      default:
        return []; // content-end, citations, and events newer than this converter
    }
  }

  usage(): Usage | undefined {
    return fromCohereUsage(this.rawUsage);
  }

  private content(content: Json): Json[] {
    if (typeof content.thinking === 'string') return this.delta({ reasoning_content: content.thinking });
    return this.delta({ content: asString(content.text) });
  }

  private toolStart(cohereIndex: number, call: Json): Json[] {
    const fn = asObject(call.function) ?? {};
    return this.out.toolStart(cohereIndex, asString(call.id), asString(fn.name), asString(fn.arguments));
  }

  private toolArguments(cohereIndex: number, call: Json): Json[] {
    return this.out.toolArguments(cohereIndex, asString(asObject(call.function)?.arguments));
  }

  /** A call that took no arguments closes with an empty object, so its arguments still parse. */
  private toolEnd(cohereIndex: number): Json[] {
    return this.out.toolEnd(cohereIndex);
  }
}
