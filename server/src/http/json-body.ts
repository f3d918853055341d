import type { FastifyInstance } from 'fastify';
import { LocalizedError, msg } from '../i18n/text.ts';

/** Deeper than any real request (tool schemas nest a few dozen levels), far below a stack overflow. */
export const MAX_JSON_DEPTH = 128;

/**
 * How deeply a JSON text nests arrays and objects, read from the raw text (brackets inside strings
 * do not count), stopping as soon as `limit` is passed: no recursion, whatever the input.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) i = closingQuote(text, i);
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * Where the string opened at `open` ends: the next quote not escaped by an odd run of backslashes.
 * indexOf skips the content at native speed (large bodies are mostly long strings, such as images).
 */
function closingQuote(text: string, open: number): number {
  for (let at = text.indexOf('"', open + 1); at !== -1; at = text.indexOf('"', at + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
  return text.length;
}

/** A `\u0000` escape (a NUL character once parsed), not preceded by an escaping backslash. */
const NUL_ESCAPE = /(?<!\\)(?:\\\\)*\\u0000/;

/** Whether a JSON text holds a NUL character in a string: databases cannot store it (PostgreSQL refuses). */
export const jsonHasNul = (text: string): boolean => text.includes('\\u0000') && NUL_ESCAPE.test(text);

/**
 * The JSON body parser of every route (console API and relay): Fastify's own (prototype poisoning
 * refused), after two checks on the raw text, so hostile input is a clear 400 and never a 500:
 * nesting deeper than MAX_JSON_DEPTH, and NUL characters.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonHasNul(text)) {
      return done(new LocalizedError(msg('http.bodyNul'), 400), undefined);
    }
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      return done(new LocalizedError(msg('http.jsonTooDeep', { depth: MAX_JSON_DEPTH }), 400), undefined);
    }
    return parse(request, text, done);
  });
}

/** A URL whose path or query carries a NUL character (%00): refused before any route sees it. */
export const urlHasNul = (url: string): boolean => /%00/.test(url) || url.includes('\u0000');
