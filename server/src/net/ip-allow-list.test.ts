import { describe, expect, it } from 'vitest';
import { allowListMatcher, ipAllowed, isIpOrCidr, parseAllowIps } from './ip-allow-list.ts';

describe('token IP allow-list', () => {
  it.each([
    '127.0.0.1',
    '0.0.0.0/0',
    '10.0.0.0/8',
    '192.168.1.0/24',
    '203.0.113.7/32',
    '::1',
    '::/0',
    '2001:db8::/32',
    '2001:0db8:85a3:0000:0000:8a2e:0370:7334',
    '::ffff:192.0.2.1',
    'fe80::1/128',
  ])('accepts %s', (entry) => {
    expect(isIpOrCidr(entry)).toBe(true);
  });

  it.each([
    '',
    'localhost',
    'example.com',
    '256.1.1.1',
    '1.2.3',
    '1.2.3.4.5',
    '10.0.0.0/33',
    '10.0.0.0/-1',
    '10.0.0.0/',
    '10.0.0.0/8/8',
    '10.0.0.0/ 8',
    '2001:db8::/129',
    '2001:db8:::1',
    'fe80::1%eth0',
    '1.2.3.4, 5.6.7.8',
    '1.2.3.4 5.6.7.8',
    '* ',
    "1.1.1.1' OR '1'='1",
  ])('refuses %j', (entry) => {
    expect(isIpOrCidr(entry)).toBe(false);
  });

  it('trims lines, drops blank ones and repeats, and keeps the order', () => {
    const text = '  10.0.0.1 \n\n192.168.0.0/16\r\n2001:db8::/32\r::1\n10.0.0.1\n   \n';
    expect(parseAllowIps(text)).toEqual({ ok: true, value: '10.0.0.1\n192.168.0.0/16\n2001:db8::/32\n::1' });
  });

  it('an empty list allows every address', () => {
    expect(parseAllowIps('')).toEqual({ ok: true, value: '' });
    expect(parseAllowIps(' \n \r\n')).toEqual({ ok: true, value: '' });
  });

  it('names the first bad line, trimmed', () => {
    expect(parseAllowIps('10.0.0.1\n  not-an-ip  \n300.0.0.1')).toEqual({ ok: false, line: 'not-an-ip' });
    expect(parseAllowIps('10.0.0.0/40')).toEqual({ ok: false, line: '10.0.0.0/40' });
  });
});

describe('allowListMatcher and ipAllowed', () => {
  it('matches addresses and ranges of both families, including IPv4-mapped IPv6', () => {
    const list = allowListMatcher('10.0.0.0/8\n192.168.1.5, 2001:db8::/32');
    expect(ipAllowed(list, '10.1.2.3')).toBe(true);
    expect(ipAllowed(list, '::ffff:10.1.2.3')).toBe(true);
    expect(ipAllowed(list, '192.168.1.5')).toBe(true);
    expect(ipAllowed(list, '192.168.1.6')).toBe(false);
    expect(ipAllowed(list, '2001:db8::1')).toBe(true);
    expect(ipAllowed(list, '2001:db9::1')).toBe(false);
  });

  it('allows everyone with no list, nobody with a list of only broken entries', () => {
    expect(ipAllowed(allowListMatcher(''), '1.2.3.4')).toBe(true);
    expect(ipAllowed(allowListMatcher('10.0.0.0/33\nnot-an-ip'), '10.0.0.1')).toBe(false);
  });

  it('builds a list once and reuses it', () => {
    expect(allowListMatcher('127.0.0.1')).toBe(allowListMatcher('127.0.0.1'));
  });
});
