import { countTokens } from './token-counter.ts';

const BATCH_CHARS = 2048;

/**
 * Counts tokens of a growing text without keeping it: pieces are counted in batches of about
 * 2 KB, so memory stays bounded however long the answer, and the tokenizer runs rarely.
 */
export class IncrementalCounter {
  private pending = '';
  private tokens = 0;
  chars = 0;

  add(piece: unknown): void {
    if (typeof piece !== 'string' || piece === '') return;
    this.pending += piece;
    this.chars += piece.length;
    if (this.pending.length >= BATCH_CHARS) this.flush();
  }

  total(): number {
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
export function countChoiceText(counter: IncrementalCounter, choices: unknown): void {
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
