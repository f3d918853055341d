import type { ChannelKeyFormat } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { keyMatchesFormat } from './key-format.ts';

const accessKeys: ChannelKeyFormat = {
  label: 'Access key pair',
  example: 'AKIA|secret|us-east-1',
  pattern: '^[^|\\s]+\\|[^|\\s]+\\|[a-z]{2}(-[a-z]+)+-\\d{1,2}$',
  multiline: false,
  hint: 'AccessKeyId|SecretAccessKey|region',
};
const serviceAccount: ChannelKeyFormat = {
  label: 'Service account JSON',
  example: '{…}',
  pattern: '^\\s*[[{]',
  multiline: true,
  hint: 'JSON',
};

describe('keyMatchesFormat', () => {
  it('holds every key line to the pattern, blank lines aside', () => {
    expect(keyMatchesFormat('AKIA|s|us-east-1', accessKeys)).toBe(true);
    expect(keyMatchesFormat('AKIA|s|us-east-1\n\n  AKIB|t|eu-west-3  \n', accessKeys)).toBe(true);
    expect(keyMatchesFormat('AKIA|s|us-east-1\nsk-plain', accessKeys)).toBe(false);
    expect(keyMatchesFormat('AKIA|s', accessKeys)).toBe(false);
  });

  it('reads a format over several lines as one document', () => {
    expect(keyMatchesFormat('{\n  "type": "service_account"\n}', serviceAccount)).toBe(true);
    expect(keyMatchesFormat('sk-not-json', serviceAccount)).toBe(false);
  });

  it('leaves empty text and formats without a pattern alone', () => {
    expect(keyMatchesFormat('  ', accessKeys)).toBe(true);
    expect(keyMatchesFormat('anything', { ...accessKeys, pattern: '' })).toBe(true);
    expect(keyMatchesFormat('anything', undefined)).toBe(true);
  });
});
