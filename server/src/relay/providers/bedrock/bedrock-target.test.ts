import { describe, expect, it } from 'vitest';
import { testChannel } from '../test-channel.test-support.ts';
import { bedrockTarget } from './bedrock-target.ts';

const call = {
  modelId: 'us.anthropic.claude-3-5-sonnet-20241022-v2:0',
  action: 'converse' as const,
  body: '{}',
};
const sigv4 = {
  mode: 'sigv4' as const,
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'secret',
  region: 'us-west-2',
};

describe('bedrockTarget', () => {
  it("calls the region's runtime host, SigV4-signed for it, the model id escaped in the path", async () => {
    const target = await bedrockTarget(testChannel({ type: 33, base_url: '' }), sigv4, call);
    expect(target.url).toBe(
      'https://bedrock-runtime.us-west-2.amazonaws.com/model/us.anthropic.claude-3-5-sonnet-20241022-v2%3A0/converse',
    );
    expect(target.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-west-2\/bedrock\/aws4_request, SignedHeaders=content-type;host;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    expect(target.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(JSON.stringify(target)).not.toContain('secret');
  });

  it("calls the channel's own base URL instead (a VPC endpoint, a proxy), with its header overrides signed", async () => {
    const channel = testChannel({
      type: 33,
      base_url: 'https://vpce.example/bedrock/',
      header_override: '{"X-Team":"a"}',
    });
    const target = await bedrockTarget(channel, sigv4, { ...call, action: 'converse-stream' });
    expect(target.url).toBe(
      'https://vpce.example/bedrock/model/us.anthropic.claude-3-5-sonnet-20241022-v2%3A0/converse-stream',
    );
    expect(target.headers.authorization).toContain('SignedHeaders=content-type;host;x-amz-date;x-team,');
  });

  it('sends a Bedrock API key as a Bearer token', async () => {
    const target = await bedrockTarget(
      testChannel({ type: 33, base_url: '' }),
      { mode: 'apikey', apiKey: 'ABSK-1', region: 'eu-west-1' },
      call,
    );
    expect(target.url.startsWith('https://bedrock-runtime.eu-west-1.amazonaws.com/model/')).toBe(true);
    expect(target.headers).toEqual({ 'content-type': 'application/json', authorization: 'Bearer ABSK-1' });
  });
});
