import { msg, render, type Text } from '../i18n/text.ts';

/** A list such as "401,403,500-503" as inclusive [from, to] pairs, or why it is not one. */
export function readStatusCodeRanges(text: string): { ranges: Array<[number, number]> } | { problem: Text } {
  const ranges: Array<[number, number]> = [];
  for (const part of text.split(',').map((p) => p.trim())) {
    if (part === '') continue;
    const match = /^(\d{3})(?:-(\d{3}))?$/.exec(part);
    if (!match) return { problem: msg('option.notStatusCode', { part }) };
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    if (from < 100 || to > 599 || from > to) return { problem: msg('option.statusOutOfRange', { part }) };
    ranges.push([from, to]);
  }
  return { ranges };
}

/** A list such as "401,403,500-503" as inclusive [from, to] pairs; throws on anything else. */
export function parseStatusCodeRanges(text: string): Array<[number, number]> {
  const read = readStatusCodeRanges(text);
  if ('problem' in read) throw new Error(render(read.problem, 'en'));
  return read.ranges;
}

export const statusInRanges = (status: number, ranges: Array<[number, number]>): boolean =>
  ranges.some(([from, to]) => status >= from && status <= to);
