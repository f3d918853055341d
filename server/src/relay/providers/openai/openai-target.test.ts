import { describe, expect, it } from 'vitest';
import { testChannel } from '../test-channel.test-support.ts';
import { openAITarget } from './openai-target.ts';

describe('openAITarget', () => {
  it('calls {base}{path} with a bearer key, the organization, and the header overrides last', () => {
    const channel = testChannel({
      type: 1,
      key: 'sk-1',
      base_url: 'https://proxy.example/',
      openai_organization: 'org-9',
      header_override: '{"Authorization":"Bearer override","X-Extra":1}',
    });
    expect(openAITarget(channel, '/v1/chat/completions')).toEqual({
      url: 'https://proxy.example/v1/chat/completions',
      headers: { authorization: 'Bearer override', 'openai-organization': 'org-9', 'x-extra': '1' },
    });
  });

  it("uses the type's default base URL when the channel has none", () => {
    const target = openAITarget(testChannel({ type: 43, base_url: null }), '/v1/models');
    expect(target.url).toBe('https://api.deepseek.com/v1/models');
    expect(target.headers).toEqual({ authorization: 'Bearer sk-test' });
  });
});
