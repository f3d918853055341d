import type { Usage } from '../answer/usage.ts';
import { firstChoice, readChatContent, readToolCalls, type ChatToolCall } from './openai-chat-read.ts';
import { OpenAIChunkConverter } from './openai-chunk-converter.ts';
import type { Json, OutEvent } from './types.ts';

/** The two kinds of text a chat delta carries. */
export type TextKind = 'reasoning' | 'text';

/** A block (content block, output item) being written: what it is and where it sits. */
export interface OpenBlock {
  kind: string;
  index: number;
}

/**
 * The skeleton of every converter from chat chunks to a format that answers in numbered blocks
 * (Anthropic content blocks, Responses output items): the start event once, before anything else;
 * reasoning and text each into a block of their kind, opened at the next index when the kind
 * changes (closing the one before); tool call pieces; on the finish reason every block closed,
 * and the final event sent once the usage is known (with the finish chunk, or in a usage chunk
 * after it, or at the end of the stream when none comes). Subclasses write the events.
 */
export abstract class ChatStreamToBlocks<Block extends OpenBlock> extends OpenAIChunkConverter {
  /** The chat finish reason, once given. */
  protected finish: string | undefined;
  /** The block being written, if any. */
  protected open: Block | undefined;
  private started = false;
  private nextIndex = 0;

  protected convert(chunk: Json, usage: Usage | undefined): OutEvent[] {
    const out: OutEvent[] = [];
    this.startOnce(out, chunk.id);
    const { message: delta, finish } = firstChoice(chunk);
    const { text, reasoning } = readChatContent(delta);
    if (reasoning) this.appendText(out, 'reasoning', reasoning);
    if (text) this.appendText(out, 'text', text);
    readToolCalls(delta).forEach((call, position) => this.toolDelta(out, call, position));
    if (finish) {
      this.finish = finish;
      this.closeAll(out);
      if (usage) this.complete(out);
    } else if (usage && this.finish !== undefined) this.complete(out);
    return out;
  }

  protected close(): OutEvent[] {
    const out: OutEvent[] = [];
    this.startOnce(out, undefined);
    this.closeAll(out);
    this.complete(out);
    return out;
  }

  /** The next block index (a block opened by the subclass itself, such as a tool call, takes one too). */
  protected takeIndex(): number {
    return this.nextIndex++;
  }

  /** Opens a block after closing the open one. */
  protected openBlock(out: OutEvent[], make: (index: number) => Block): Block {
    this.closeBlock(out);
    const block = make(this.takeIndex());
    this.open = block;
    return block;
  }

  /** Closes the open block, if any. */
  protected closeBlock(out: OutEvent[]): void {
    const open = this.open;
    if (!open) return;
    this.open = undefined;
    this.endBlock(out, open);
  }

  /** Closes whatever is still open before the final event; by default the open block. */
  protected closeAll(out: OutEvent[]): void {
    this.closeBlock(out);
  }

  private startOnce(out: OutEvent[], upstreamId: unknown): void {
    if (this.started) return;
    this.started = true;
    this.begin(out, upstreamId);
  }

  private appendText(out: OutEvent[], kind: TextKind, piece: string): void {
    const open =
      this.open?.kind === kind ? this.open : this.openBlock(out, (i) => this.textBlock(out, kind, i));
    this.textDelta(out, open, piece);
  }

  private complete(out: OutEvent[]): void {
    this.done = true;
    this.finishAnswer(out);
  }

  /** The stream's first events (message_start; response.created and in_progress). */
  protected abstract begin(out: OutEvent[], upstreamId: unknown): void;
  /** Starts a block for text of this kind at this index and says what it is (its kind must be `kind`). */
  protected abstract textBlock(out: OutEvent[], kind: TextKind, index: number): Block;
  /** A piece of text for the open block of its kind. */
  protected abstract textDelta(out: OutEvent[], block: Block, piece: string): void;
  /** The events that close a block. */
  protected abstract endBlock(out: OutEvent[], block: Block): void;
  /** A piece of a tool call (the subclass decides when it becomes a block). */
  protected abstract toolDelta(out: OutEvent[], call: ChatToolCall, position: number): void;
  /** The final events, with this.finish and this.latestUsage. */
  protected abstract finishAnswer(out: OutEvent[]): void;
}
