/** A list such as "401,403,500-503" as inclusive [from, to] pairs; throws on anything else. */
export function parseStatusCodeRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const part of text.split(',').map((p) => p.trim())) {
    if (part === '') continue;
    const match = /^(\d{3})(?:-(\d{3}))?$/.exec(part);
    if (!match) throw new Error(`"${part}" is not a status code or a range like 500-503`);
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    if (from < 100 || to > 599 || from > to) throw new Error(`"${part}" is not a range within 100-599`);
    ranges.push([from, to]);
  }
  return ranges;
}

export const statusInRanges = (status: number, ranges: Array<[number, number]>): boolean =>
  ranges.some(([from, to]) => status >= from && status <= to);
