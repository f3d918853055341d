/** How admin-set page content (home page, about) is shown. */
export type ContentKind = 'empty' | 'url' | 'html' | 'text';

/** An https:// link is framed, markup is rendered, anything else is shown as text paragraphs. */
export function contentKind(content: string | null | undefined): ContentKind {
  const text = (content ?? '').trim();
  if (text === '') return 'empty';
  if (/^https:\/\/\S+$/i.test(text)) return 'url';
  if (/^<(!doctype\s+html|[a-z][a-z0-9-]*)(\s[^>]*)?\/?>/i.test(text) || /<\/[a-z][a-z0-9-]*>/i.test(text)) {
    return 'html';
  }
  return 'text';
}

/** Text content split into paragraphs at blank lines (line breaks inside a paragraph are kept). */
export function textParagraphs(content: string): string[] {
  return content
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/^\n+|\s+$/g, ''))
    .filter((paragraph) => paragraph.trim() !== '');
}
