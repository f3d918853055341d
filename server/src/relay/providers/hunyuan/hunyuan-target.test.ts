import { describe, expect, it } from 'vitest';
import { testChannel } from '../test-channel.test-support.ts';
import { hunyuanTarget } from './hunyuan-target.ts';
import { tc3Authorization } from './tc3-sign.ts';

const KEY = { appId: '1300000000', secretId: 'AKIDexample', secretKey: 's3cret' };
const BODY = '{"Model":"hunyuan-lite","Messages":[{"Role":"user","Content":"hi"}],"Stream":false}';
const NOW = 1_700_549_760_500;

describe('a Hunyuan TC3 call', () => {
  it("goes to Tencent Cloud's API host when the channel names none, or names the OpenAI-compatible API's", () => {
    for (const base_url of [null, '', 'https://api.hunyuan.cloud.tencent.com'])
      expect(hunyuanTarget(testChannel({ type: 23, base_url }), KEY, BODY, NOW).url, String(base_url)).toBe(
        'https://hunyuan.tencentcloudapi.com/',
      );
  });

  it('is signed for the host called with the action, version and timestamp headers, never the secret', () => {
    const target = hunyuanTarget(
      testChannel({ type: 23, base_url: 'https://hunyuan.ap-guangzhou.example/' }),
      KEY,
      BODY,
      NOW,
    );
    expect(target.url).toBe('https://hunyuan.ap-guangzhou.example/');
    expect(target.body).toBe(BODY);
    expect(target.headers).toEqual({
      authorization: tc3Authorization({
        secretId: 'AKIDexample',
        secretKey: 's3cret',
        service: 'hunyuan',
        host: 'hunyuan.ap-guangzhou.example',
        contentType: 'application/json',
        payload: BODY,
        timestamp: 1_700_549_760,
      }),
      'content-type': 'application/json',
      'x-tc-action': 'ChatCompletions',
      'x-tc-version': '2023-09-01',
      'x-tc-timestamp': '1700549760',
    });
    expect(target.headers.authorization).toMatch(
      /^TC3-HMAC-SHA256 Credential=AKIDexample\/2023-11-21\/hunyuan\/tc3_request, /,
    );
    expect(JSON.stringify(target.headers)).not.toContain('s3cret');
  });

  it("keeps the channel's header overrides but not over the signed headers", () => {
    const channel = testChannel({ type: 23, header_override: '{"X-Trace":"1","Authorization":"x"}' });
    const target = hunyuanTarget(channel, KEY, BODY, NOW);
    expect(target.headers['x-trace']).toBe('1');
    expect(target.headers.authorization).toMatch(/^TC3-HMAC-SHA256 /);
  });
});
