import type { ChannelKeyFormat } from '@relaygate/contract';

/**
 * Whether a key field's text is written in `format`: every key line (new-api keeps several keys
 * of a channel one per line), or the whole text for a format over several lines (a service
 * account's JSON). Empty text is not judged here: whether a key is required is another rule.
 */
export function keyMatchesFormat(text: string, format: ChannelKeyFormat | undefined): boolean {
  if (!format || format.pattern === '' || text.trim() === '') return true;
  const pattern = new RegExp(format.pattern);
  const keys = format.multiline
    ? [text.trim()]
    : text
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '');
  return keys.every((key) => pattern.test(key));
}
