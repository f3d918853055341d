/** How admin-set page content (home page, about, the announcement) is shown. */
export type ContentKind = 'empty' | 'url' | 'markdown';

/**
 * A lone https:// link is framed; anything else is Markdown, which may carry HTML (rendered after
 * sanitising, so a script or an event handler in it never runs).
 */
export function contentKind(content: string | null | undefined): ContentKind {
  const text = (content ?? '').trim();
  if (text === '') return 'empty';
  if (/^https:\/\/\S+$/i.test(text)) return 'url';
  return 'markdown';
}
