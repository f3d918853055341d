import { describe, expect, it } from 'vitest';
import { BEDROCK_KEY_FORMATS, parseBedrockKey } from './bedrock-key.ts';

describe('parseBedrockKey', () => {
  it("reads new-api's AK|SK|region as an access key pair", () => {
    expect(parseBedrockKey('AKIAEXAMPLE|secret/key+1|us-west-2')).toEqual({
      mode: 'sigv4',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret/key+1',
      region: 'us-west-2',
    });
  });

  it('reads apikey|region as a Bedrock API key', () => {
    expect(parseBedrockKey(' ABSKQmVkcm9jaw== | eu-central-1 ')).toEqual({
      mode: 'apikey',
      apiKey: 'ABSKQmVkcm9jaw==',
      region: 'eu-central-1',
    });
  });

  it.each(['sk-only-a-key', 'a|b|c|us-east-1', 'ak||us-east-1', 'ak|sk|not a region', ''])(
    'refuses %j naming the formats, never the key',
    (key) => {
      const reason = parseBedrockKey(key);
      expect(reason).toBe(BEDROCK_KEY_FORMATS);
      if (key !== '') expect(reason).not.toContain(key);
    },
  );
});
