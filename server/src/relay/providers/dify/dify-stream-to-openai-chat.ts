import { ChatChunkStream } from '../../formats/chat-chunk-stream.ts';
import { asObject, asString } from '../../formats/json-read.ts';
import type { Json } from '../../formats/types.ts';
import { readOpenAIUsage, type Usage } from '../../usage.ts';

/**
 * A Dify app's stream (data lines whose JSON names its event; no [DONE]) as OpenAI chat chunks:
 * message and agent_message pieces → content, an agent's thought → reasoning_content; message_end
 * ends the answer with its usage; an error event ends it with an error chunk. Files, TTS audio,
 * workflow and node progress and pings say nothing the client reads.
 */
export class DifyToOpenAIChatStream extends ChatChunkStream {
  private started = false;
  private rawUsage: unknown;

  push({ data }: { event?: string; data: Json }): Json[] {
    if (this.ended) return [];
    switch (data.event) {
      case 'message':
      case 'agent_message':
        return [...this.start(data), ...this.delta({ content: asString(data.answer) })];
      case 'agent_thought':
        return [...this.start(data), ...this.delta({ reasoning_content: asString(data.thought) })];
      case 'message_end':
        this.rawUsage = asObject(data.metadata)?.usage;
        return [...this.start(data), ...this.finish('stop')];
      case 'error':
        return this.fail(asString(data.message) || 'the dify app failed');
      default:
        return [];
    }
  }

  usage(): Usage | undefined {
    return readOpenAIUsage(this.rawUsage);
  }

  /** The first event opens the answer with its role. */
  private start(data: Json): Json[] {
    if (this.started) return [];
    this.started = true;
    this.out.id = asString(data.message_id) || asString(data.conversation_id);
    return [this.out.chunk({ role: 'assistant', content: '' })];
  }
}
