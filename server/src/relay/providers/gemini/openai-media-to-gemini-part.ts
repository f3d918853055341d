import type { Json } from '../../formats/types.ts';

const MIME_BY_EXTENSION: ReadonlyMap<string, string> = new Map([
  ['jpg', 'image/jpeg'],
  ['jpeg', 'image/jpeg'],
  ['png', 'image/png'],
  ['gif', 'image/gif'],
  ['webp', 'image/webp'],
  ['heic', 'image/heic'],
  ['heif', 'image/heif'],
  ['pdf', 'application/pdf'],
  ['mp3', 'audio/mpeg'],
  ['wav', 'audio/wav'],
  ['ogg', 'audio/ogg'],
  ['flac', 'audio/flac'],
  ['mp4', 'video/mp4'],
  ['mov', 'video/quicktime'],
  ['webm', 'video/webm'],
]);

/** The mime type a link's file extension suggests (query and fragment ignored); image/jpeg by default. */
export function guessMimeType(url: string): string {
  const path = url.split(/[?#]/, 1)[0]!;
  const file = path.slice(path.lastIndexOf('/') + 1);
  const dot = file.lastIndexOf('.');
  const extension = dot === -1 ? '' : file.slice(dot + 1).toLowerCase();
  return MIME_BY_EXTENSION.get(extension) ?? 'image/jpeg';
}

/** `data:<mime>;base64,<data>` → an inlineData part; undefined for anything else. */
export function dataUrlToGeminiPart(url: string): Json | undefined {
  const match = /^data:([^;,]+)?((?:;[^;,]*)*?);base64,(.*)$/s.exec(url);
  if (!match) return undefined;
  return { inlineData: { mimeType: match[1] ?? 'application/octet-stream', data: match[3] } };
}

/**
 * An OpenAI image URL → a Gemini part: a data: URL travels inline, an http(s) link as fileData
 * (Gemini fetches it) with the mime type its extension suggests. Undefined for other schemes.
 */
export function imageUrlToGeminiPart(url: string): Json | undefined {
  if (url.startsWith('data:')) return dataUrlToGeminiPart(url);
  if (/^https?:\/\//i.test(url)) return { fileData: { mimeType: guessMimeType(url), fileUri: url } };
  return undefined;
}
