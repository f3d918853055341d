import { describe, expect, it } from 'vitest';
import { signAwsRequest } from './sign-aws-request.ts';

/** The example credentials of AWS's Signature Version 4 test suite. */
const SUITE = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  service: 'service',
  now: new Date('2015-08-30T12:36:00Z'),
};

describe('signAwsRequest', () => {
  it('matches the get-vanilla vector of the AWS SigV4 test suite', async () => {
    const headers = await signAwsRequest({
      ...SUITE,
      method: 'GET',
      url: 'https://example.amazonaws.com/',
      headers: {},
      body: '',
    });
    expect(headers['x-amz-date']).toBe('20150830T123600Z');
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, ' +
        'SignedHeaders=host;x-amz-date, ' +
        'Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
    expect(headers.host).toBeUndefined();
  });

  it('matches the post-vanilla vector', async () => {
    const headers = await signAwsRequest({
      ...SUITE,
      method: 'POST',
      url: 'https://example.amazonaws.com/',
      headers: {},
      body: '',
    });
    expect(headers.authorization).toMatch(
      /Signature=5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b$/,
    );
  });

  it('signs the host and port actually called, the headers given and the body', async () => {
    const base = {
      ...SUITE,
      service: 'bedrock',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    };
    const proxy = await signAwsRequest({
      ...base,
      url: 'http://127.0.0.1:8080/model/m/converse',
      body: '{}',
    });
    const aws = await signAwsRequest({
      ...base,
      url: 'https://bedrock-runtime.us-east-1.amazonaws.com/model/m/converse',
      body: '{}',
    });
    const otherBody = await signAwsRequest({
      ...base,
      url: 'http://127.0.0.1:8080/model/m/converse',
      body: '[]',
    });
    expect(proxy.authorization).toContain(
      '/us-east-1/bedrock/aws4_request, SignedHeaders=content-type;host;x-amz-date,',
    );
    expect(new Set([proxy.authorization, aws.authorization, otherBody.authorization]).size).toBe(3);
  });
});
