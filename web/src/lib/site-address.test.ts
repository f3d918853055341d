import { describe, expect, it } from 'vitest';
import { siteAddress } from './site-address.ts';

describe('siteAddress', () => {
  it("is the admin's server address, without trailing slashes", () => {
    expect(siteAddress({ server_address: 'https://gw.example/base//' }, 'http://localhost:3000')).toBe(
      'https://gw.example/base',
    );
  });

  it("falls back on the browser's origin when none is set or no status is known", () => {
    expect(siteAddress({ server_address: '' }, 'http://localhost:3000')).toBe('http://localhost:3000');
    expect(siteAddress(undefined, 'http://localhost:3000/')).toBe('http://localhost:3000');
  });
});
