import { LogType } from '@relaygate/contract';
import type { Language } from '../i18n/language.ts';
import { asText, msg, render, type Text } from '../i18n/text.ts';

/**
 * A log row's `content` is a finished English sentence, as new-api's consoles and scripts read it
 * (and search it). What it says is also kept language-neutral, so that the console API can answer
 * it in the reader's language: consumption rows from the prices in `other`, every other row the
 * gateway writes as `other.content_message` (a catalogue id and its parameters).
 */

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The price summary of a consumption row, from the prices its `other` records. */
export function consumeText(other: Record<string, unknown>): Text | null {
  const { model_price: price, model_ratio: model, completion_ratio: completion, group_ratio: group } = other;
  if (!isNumber(group)) return null;
  if (isNumber(price) && price >= 0) return msg('log.consumePrice', { price, group });
  if (isNumber(model) && isNumber(completion)) return msg('log.consumeRatios', { model, completion, group });
  return null;
}

/** The content and `other` of a row that says `text` (plus whatever else `other` records). */
export const describedBy = (
  text: Text,
  other: Record<string, unknown> = {},
): { content: string; other: string } => ({
  content: render(text, 'en'),
  other: JSON.stringify({ ...other, content_message: text }),
});

function parsedOther(other: string | null): Record<string, unknown> {
  if (!other) return {};
  try {
    const parsed: unknown = JSON.parse(other);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** A row's content in `language`: English is the stored text itself; rows without a neutral form keep theirs. */
export function contentIn(
  row: { type: number; content: string | null; other: string | null },
  language: Language,
): string {
  const stored = row.content ?? '';
  if (language === 'en') return stored;
  const other = parsedOther(row.other);
  const text = asText(other.content_message) ?? (row.type === LogType.Consume ? consumeText(other) : null);
  return text ? render(text, language) : stored;
}
