import { describe, expect, it } from 'vitest';
import { isHunyuanTc3Key, parseHunyuanTc3Key } from './hunyuan-key.ts';

describe('a Hunyuan channel key', () => {
  it('is a TC3 key when it has a |, else an API key of the OpenAI-compatible API', () => {
    expect(isHunyuanTc3Key('1300000000|AKIDabc|secret')).toBe(true);
    expect(isHunyuanTc3Key('a|b')).toBe(true);
    expect(isHunyuanTc3Key('sk-hunyuan-plain')).toBe(false);
    // A channel with several keys (one per line) is judged by its first.
    expect(isHunyuanTc3Key('1|AKIDa|s1\n2|AKIDb|s2')).toBe(true);
    expect(isHunyuanTc3Key('sk-one\n1|AKIDa|s1')).toBe(false);
  });

  it('splits AppId|SecretId|SecretKey, trimmed', () => {
    expect(parseHunyuanTc3Key(' 1300000000 | AKIDabc | s3cret ')).toEqual({
      appId: '1300000000',
      secretId: 'AKIDabc',
      secretKey: 's3cret',
    });
  });

  it('rejects two or four parts, an empty part, and an AppId that is no number', () => {
    for (const key of ['1300000000|AKIDabc', '1|a|b|c', '1||s3cret', 'app|AKIDabc|s3cret'])
      expect(parseHunyuanTc3Key(key), key).toBeNull();
  });
});
