/**
 * Local token counting, used only when an upstream sends no usage. The tokenizer tables are
 * large, so they load on first use, not at start.
 */
let encoder: { countTokens(text: string): number } | undefined;
let loading: Promise<void> | undefined;

export async function loadTokenizer(): Promise<void> {
  if (encoder) return;
  loading ??= import('gpt-tokenizer/encoding/o200k_base').then((module) => {
    encoder = module as unknown as { countTokens(text: string): number };
  });
  await loading;
}

export const tokenizerReady = (): boolean => encoder !== undefined;

/** Tokens in a text; a quarter of its length when the tokenizer is not loaded yet. */
export function countTokens(text: string): number {
  if (text === '') return 0;
  return encoder ? encoder.countTokens(text) : Math.ceil(text.length / 4);
}

/** Every piece of text in a chat or completion request that the model reads. */
export function promptText(body: Record<string, unknown>): string {
  const parts: string[] = [];
  const visit = (value: unknown): void => {
    if (typeof value === 'string') parts.push(value);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.text === 'string') parts.push(record.text);
      if (record.content !== undefined) visit(record.content);
    }
  };
  if (Array.isArray(body.messages)) body.messages.forEach(visit);
  visit(body.prompt);
  visit(body.input);
  visit(body.instructions);
  if (Array.isArray(body.tools)) parts.push(JSON.stringify(body.tools));
  return parts.join('\n');
}

/** The prompt's tokens estimated as a quarter of its length: no tokenizer work on the request path. */
export const estimatePromptTokens = (body: Record<string, unknown>): number =>
  Math.ceil(promptText(body).length / 4);

/** The prompt's tokens, chat overhead as new-api counts it (3 per message, plus 3); loads the tokenizer. */
export async function countPromptTokens(body: Record<string, unknown>): Promise<number> {
  await loadTokenizer();
  const messages = Array.isArray(body.messages) ? body.messages.length : 0;
  return countTokens(promptText(body)) + (messages > 0 ? messages * 3 + 3 : 0);
}
