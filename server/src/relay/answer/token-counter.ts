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
  // A rerank call: its query and documents (strings, or objects with their text).
  visit(body.query);
  visit(body.documents);
  if (Array.isArray(body.tools)) parts.push(JSON.stringify(body.tools));
  return parts.join('\n');
}

/** new-api's chat overhead: 3 tokens per message, plus 3 priming the reply. */
const chatOverhead = (body: Record<string, unknown>): number => {
  const messages = Array.isArray(body.messages) ? body.messages.length : 0;
  return messages > 0 ? messages * 3 + 3 : 0;
};

/**
 * Tokens of a text without the tokenizer: a quarter per ASCII character (English runs about four
 * to a token) and one per other character (a Chinese character is about one token, often more).
 */
export function roughTokens(text: string): number {
  let ascii = 0;
  let other = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) < 0x80) ascii++;
    else other++;
  }
  return Math.ceil(ascii / 4) + other;
}

/**
 * The prompt's tokens, estimated without tokenizer work on the request path (a long prompt would
 * hold the event loop for milliseconds), with new-api's chat overhead: what an Anthropic stream's
 * message_start says while the channel reports its count only at the end.
 */
export const estimatePromptTokens = (body: Record<string, unknown>): number =>
  roughTokens(promptText(body)) + chatOverhead(body);

/** The prompt's tokens, chat overhead as new-api counts it (3 per message, plus 3); loads the tokenizer. */
export async function countPromptTokens(body: Record<string, unknown>): Promise<number> {
  await loadTokenizer();
  return countTokens(promptText(body)) + chatOverhead(body);
}
