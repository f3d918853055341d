/** The languages the console API answers in; English is the default for everyone else. */
export const LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

/** At most this many ranges of an Accept-Language header are looked at (a header is not a workload). */
const MAX_RANGES = 16;

interface Range {
  language: string;
  quality: number;
}

function parseRange(part: string): Range | null {
  const [tag = '', ...parameters] = part.split(';').map((piece) => piece.trim());
  if (tag === '') return null;
  let quality = 1;
  for (const parameter of parameters) {
    const match = /^q=([01](?:\.\d{0,3})?)$/i.exec(parameter);
    if (match) quality = Number(match[1]);
  }
  return { language: tag.split('-')[0]!.toLowerCase(), quality };
}

/**
 * The language of an Accept-Language header ("zh-CN,zh;q=0.9,en;q=0.8"): the supported language
 * with the highest quality, the first listed on a tie; English when the header is absent, names no
 * supported language, or only `*`. The console sends its own language; a browser sends the user's.
 */
export function negotiateLanguage(header: string | string[] | undefined): Language {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  if (text === '') return 'en';
  let best: Range | null = null;
  for (const part of text.split(',').slice(0, MAX_RANGES)) {
    const range = parseRange(part);
    if (!range || range.quality <= 0) continue;
    if (!(LANGUAGES as readonly string[]).includes(range.language)) continue;
    if (!best || range.quality > best.quality) best = range;
  }
  return (best?.language as Language | undefined) ?? 'en';
}

/** The language a console request asked for with its Accept-Language header. */
export const requestLanguage = (request: { headers: { 'accept-language'?: string | string[] } }): Language =>
  negotiateLanguage(request.headers['accept-language']);
