import { countTokens, loadTokenizer, tokenizerReady } from './token-counter.ts';

const BATCH_CHARS = 2048;
/** Pieces appended before the held text is made one string of its own again (see `add`). */
const FLATTEN_EVERY = 8;
/** Text held per stream while the tokenizer is not loaded, before falling back to an estimate. */
const MAX_PENDING_CHARS = 16 * 1024;

/**
 * Counts tokens of a growing text without keeping it. Once the tokenizer is loaded, pieces are
 * counted in batches of about 2 KB. The tokenizer itself (tens of MB) loads only when a count is
 * actually asked for, i.e. when an upstream sent no usage; until then at most 16 KB is held,
 * beyond which a quarter-of-the-length estimate stands in.
 */
export class IncrementalCounter {
  private pending = '';
  /** Pieces appended since the held text was last flattened. */
  private appended = 0;
  private tokens = 0;
  chars = 0;

  add(piece: unknown): void {
    if (typeof piece !== 'string' || piece === '') return;
    this.pending += piece;
    this.chars += piece.length;
    // A piece is often a slice of its event's whole JSON (plainChunkText's answer), and text joined
    // with += keeps its pieces: every such event would stay in memory until the batch is counted.
    // Reading a character makes V8 copy the text into one string and let the events go.
    if (++this.appended === FLATTEN_EVERY) {
      this.appended = 0;
      this.pending.charCodeAt(0);
    }
    if (this.pending.length < BATCH_CHARS) return;
    if (tokenizerReady()) this.flush();
    else if (this.pending.length >= MAX_PENDING_CHARS) {
      this.tokens += Math.ceil(this.pending.length / 4);
      this.pending = '';
    }
  }

  /** The count so far; loads the tokenizer if it must. */
  async total(): Promise<number> {
    if (this.pending !== '') await loadTokenizer();
    this.flush();
    return this.tokens;
  }

  private flush(): void {
    if (this.pending === '') return;
    this.tokens += countTokens(this.pending);
    this.pending = '';
  }
}

/** Adds the text a chat or completion chunk (or whole answer) carries: content, reasoning, tool calls. */
export function countChoiceText(counter: Pick<IncrementalCounter, 'add'>, choices: unknown): void {
  if (!Array.isArray(choices)) return;
  for (const choice of choices as Array<Record<string, unknown>>) {
    const part = (choice.delta ?? choice.message ?? {}) as Record<string, unknown>;
    counter.add(choice.text);
    counter.add(part.content);
    counter.add(part.reasoning_content);
    counter.add(part.reasoning);
    if (Array.isArray(part.tool_calls)) {
      for (const call of part.tool_calls as Array<{ function?: { name?: unknown; arguments?: unknown } }>) {
        counter.add(call.function?.name);
        counter.add(call.function?.arguments);
      }
    }
  }
}
