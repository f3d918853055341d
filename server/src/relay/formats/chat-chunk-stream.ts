import { openAIUsageBody, type Usage } from '../answer/usage.ts';
import { ChatChunkBuilder } from './chat-chunk-builder.ts';
import type { ChunkSource, Json } from './types.ts';

/**
 * What a converter of a provider's stream into OpenAI chat chunks does alike: the chunks (built by
 * `out`, tool calls included), the closing finish and usage chunks, and the error chunk of a
 * stream that stopped before its end. The provider's own events are the subclass's.
 */
export abstract class ChatChunkStream implements ChunkSource {
  protected readonly out: ChatChunkBuilder;
  /** Set once the answer was closed (or failed): later events change nothing. */
  protected ended = false;
  private opened = false;

  constructor(upstreamModel: string) {
    this.out = new ChatChunkBuilder(upstreamModel);
  }

  abstract push(event: { event?: string; data: Json }): Json[];
  abstract usage(): Usage | undefined;

  end(): Json[] {
    if (this.ended) return [];
    return this.fail('The upstream stream ended before the answer was complete');
  }

  /** Closes the answer: its finish reason, then a last chunk with the usage when there is one. */
  protected finish(reason: string): Json[] {
    this.ended = true;
    const out = [this.out.event({ choices: [{ index: 0, delta: {}, finish_reason: reason }] })];
    const usage = this.usage();
    if (usage) out.push(this.out.event({ choices: [], usage: openAIUsageBody(usage) }));
    return out;
  }

  /** Ends the answer with an error chunk. */
  protected fail(message: string): Json[] {
    this.ended = true;
    return [{ error: { message, type: 'upstream_error' } }];
  }

  /** The first chunk of the answer, with its role, under the id the upstream gave it; nothing once opened. */
  protected open(id: string): Json[] {
    if (this.opened) return [];
    this.opened = true;
    this.out.id = id;
    return [this.out.chunk({ role: 'assistant', content: '' })];
  }

  /** A content chunk; empty text sends nothing. */
  protected delta(delta: Json): Json[] {
    if (delta.content === '' || delta.reasoning_content === '') return [];
    return [this.out.chunk(delta)];
  }
}
