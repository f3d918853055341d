import { describe, expect, it } from 'vitest';
import { EMPTY_ALLOW_LIST, invalidAllowListEntry, parseAllowList } from './allow-list.ts';
import { render } from '../i18n/text.ts';
import { refusalReason as refusal, type AddressPolicy } from './address-policy.ts';

/** The refusal in English words, as API clients read it. */
function refusalReason(host: string, address: string, policy: AddressPolicy): string | undefined {
  const text = refusal(host, address, policy);
  return text && render(text, 'en');
}

const untrusted = { trusted: false, allow: EMPTY_ALLOW_LIST };
const trusted = { trusted: true, allow: EMPTY_ALLOW_LIST };

describe('refusalReason', () => {
  it.each([
    ['127.0.0.1', /loopback/],
    ['::1', /loopback/],
    ['::ffff:127.0.0.1', /loopback/],
    ['::ffff:7f00:1', /loopback/],
    ['0.0.0.0', /unspecified/],
    ['::', /unspecified/],
    ['10.1.2.3', /private/],
    ['172.31.255.255', /private/],
    ['192.168.0.1', /private/],
    ['100.64.0.1', /carrier-grade/],
    ['fd00::1', /unique local/],
    ['fe80::1', /link-local/],
    ['224.0.0.1', /multicast/],
    ['ff02::1', /multicast/],
    ['169.254.169.254', /metadata/],
    ['fd00:ec2::254', /metadata/],
    ['100.100.100.200', /metadata/],
    ['64:ff9b::a9fe:a9fe', /metadata/],
    ['255.255.255.255', /broadcast/],
  ])('refuses %s to anyone but root', (address, reason) => {
    expect(refusalReason('h', address, untrusted)).toMatch(reason);
  });

  it('lets public addresses through', () => {
    expect(refusalReason('api.openai.com', '104.18.7.192', untrusted)).toBeUndefined();
    expect(refusalReason('h', '2606:4700::6810:7c0', untrusted)).toBeUndefined();
  });

  it('trusts root with loopback and private addresses, never with metadata', () => {
    expect(refusalReason('localhost', '127.0.0.1', trusted)).toBeUndefined();
    expect(refusalReason('h', '10.0.0.2', trusted)).toBeUndefined();
    expect(refusalReason('h', '169.254.169.254', trusted)).toMatch(/metadata/);
    expect(refusalReason('metadata.google.internal', '10.0.0.9', trusted)).toMatch(/metadata/);
  });

  it('allows hosts, addresses and ranges root lists; a range never unlocks metadata', () => {
    const allow = parseAllowList('ollama.internal, 10.0.0.0/8\n::1 169.254.0.0/16 metadata.google.internal');
    const policy = { trusted: false, allow };
    expect(refusalReason('ollama.internal', '192.168.1.1', policy)).toBeUndefined();
    expect(refusalReason('x', '10.9.9.9', policy)).toBeUndefined();
    expect(refusalReason('x', '::1', policy)).toBeUndefined();
    expect(refusalReason('x', '127.0.0.1', policy)).toMatch(/loopback/);
    expect(refusalReason('x', '169.254.169.254', policy)).toMatch(/metadata/);
    expect(refusalReason('metadata.google.internal', '169.254.169.254', policy)).toBeUndefined();
    expect(
      refusalReason('x', '169.254.169.254', { trusted: false, allow: parseAllowList('169.254.169.254') }),
    ).toBeUndefined();
  });

  it('names the first malformed allow-list entry', () => {
    expect(invalidAllowListEntry('a.example, 10.0.0.0/8 ::1')).toBeUndefined();
    expect(invalidAllowListEntry('a.example, http://x/')).toBe('http://x/');
    expect(invalidAllowListEntry('10.0.0.0/33')).toBe('10.0.0.0/33');
  });
});
