import { ChatChunkStream } from '../../formats/chat-chunk-stream.ts';
import { asObject, asString } from '../../formats/json-read.ts';
import type { Json } from '../../formats/types.ts';
import { readOpenAIUsage, type Usage } from '../../answer/usage.ts';

/**
 * A Dify app's stream (data lines whose JSON names its event; no [DONE]) as OpenAI chat chunks:
 * message and agent_message pieces → content, an agent's thought → reasoning_content; message_end
 * ends the answer with its usage; an error event ends it with an error chunk. Files, TTS audio,
 * workflow and node progress and pings say nothing the client reads.
 */
export class DifyToOpenAIChatStream extends ChatChunkStream {
  private rawUsage: unknown;

  push({ data }: { event?: string; data: Json }): Json[] {
    if (this.ended) return [];
    const id = asString(data.message_id) || asString(data.conversation_id);
    switch (data.event) {
      case 'message':
      case 'agent_message':
        return [...this.open(id), ...this.delta({ content: asString(data.answer) })];
      case 'agent_thought':
        return [...this.open(id), ...this.delta({ reasoning_content: asString(data.thought) })];
      case 'message_end':
        this.rawUsage = asObject(data.metadata)?.usage;
        return [...this.open(id), ...this.finish('stop')];
      case 'error':
        return this.fail(asString(data.message) || 'the dify app failed');
      default:
        return [];
    }
  }

  usage(): Usage | undefined {
    return readOpenAIUsage(this.rawUsage);
  }
}
