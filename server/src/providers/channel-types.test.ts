import { describe, expect, it } from 'vitest';
import { parseBedrockKey } from '../relay/providers/bedrock/bedrock-key.ts';
import { BEDROCK_ACCESS_KEYS, BEDROCK_API_KEY } from './channel-type-fields.ts';
import { CHANNEL_TYPES, channelBaseUrl, typeIsServed } from './channel-types.ts';

const KEY_FORMATS = CHANNEL_TYPES.flatMap((info) =>
  info.keyFormats.map((format) => [info.name, format] as const),
);

describe('the channel type catalogue', () => {
  it('holds each of new-api’s ids once, with a name and, for served types, a key format', () => {
    expect(new Set(CHANNEL_TYPES.map(({ id }) => id)).size).toBe(CHANNEL_TYPES.length);
    for (const info of CHANNEL_TYPES) {
      expect(info.name.trim(), String(info.id)).not.toBe('');
      expect(info.keyFormats.length, info.name).toBeGreaterThan(0);
      if (info.defaultBaseUrl !== '') expect(info.defaultBaseUrl, info.name).toMatch(/^https?:\/\/[^/]+/);
    }
  });

  it.each(KEY_FORMATS)(
    'gives %s a key format whose example its pattern accepts, texts in both languages',
    (_, format) => {
      if (format.pattern !== undefined) expect(format.example).toMatch(new RegExp(format.pattern));
      for (const text of [format.label, format.hint]) {
        expect(text.en.trim()).not.toBe('');
        expect(text.zh.trim()).not.toBe('');
      }
    },
  );

  it('refuses with the Bedrock patterns exactly the keys the Bedrock family cannot parse', () => {
    const patterns = [BEDROCK_ACCESS_KEYS, BEDROCK_API_KEY].map((format) => new RegExp(format.pattern!));
    const keys = [
      BEDROCK_ACCESS_KEYS.example,
      BEDROCK_API_KEY.example,
      'AKIA|secret|us-gov-west-1',
      'AKIA|secret',
      'AKIA|secret|nowhere',
      'a|b|c|us-east-1',
      'key|eu-central-2',
    ];
    for (const key of keys) {
      const parsed = typeof parseBedrockKey(key) !== 'string';
      expect(
        patterns.some((pattern) => pattern.test(key)),
        key,
      ).toBe(parsed);
    }
  });

  it('serves the Midjourney proxies and Suno through their task routes, though no chat family serves them', async () => {
    const { MIDJOURNEY_CHANNEL_TYPES } = await import('../relay/midjourney/channels.ts');
    const { SUNO_CHANNEL_TYPES } = await import('../relay/suno/channels.ts');
    expect([...MIDJOURNEY_CHANNEL_TYPES]).toEqual([2, 5]);
    expect([...SUNO_CHANNEL_TYPES]).toEqual([36]);
    const served = (id: number) => typeIsServed(CHANNEL_TYPES.find((info) => info.id === id)!);
    expect([2, 5, 36, 1, 33, 50].map(served)).toEqual([true, true, true, true, true, true]);
    expect([15, 44, 11].map(served)).toEqual([false, false, false]);
  });

  it("reads a channel's base URL as its own, else its type's default, without a trailing slash", () => {
    expect(channelBaseUrl(1, '')).toBe('https://api.openai.com');
    expect(channelBaseUrl(1, ' https://proxy.example/v/ ')).toBe('https://proxy.example/v');
    expect(channelBaseUrl(9999, null)).toBe('');
  });
});
