import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { zhipuKeyParts, zhipuToken } from './zhipu-token.ts';

const secret = new TextEncoder().encode('the-secret');

describe("Zhipu's signed token", () => {
  it("verifies with the key's secret and carries new-api's claims and header", async () => {
    const now = Date.now();
    const token = await zhipuToken('key-id', 'the-secret', now);
    const { payload } = await jwtVerify(token, secret);
    expect(payload).toEqual({ api_key: 'key-id', exp: now + 24 * 3600 * 1000, timestamp: now });
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', sign_type: 'SIGN' });
    await expect(jwtVerify(token, new TextEncoder().encode('another'))).rejects.toThrow();
  });

  it('is kept until a minute before it expires, then made again', async () => {
    const start = 1_000_000_000_000;
    const first = await zhipuToken('kept', 'the-secret', start);
    expect(await zhipuToken('kept', 'the-secret', start + 3600 * 1000)).toBe(first);
    expect(await zhipuToken('kept', 'the-secret', start + 24 * 3600 * 1000 - 30_000)).not.toBe(first);
  });

  it('splits id.secret keys, leaves other keys alone, and calls one empty side malformed', () => {
    expect(zhipuKeyParts('abc.def')).toEqual({ id: 'abc', secret: 'def' });
    expect(zhipuKeyParts('plain-key')).toBeNull();
    expect(zhipuKeyParts('a.b.c')).toBeNull();
    expect(zhipuKeyParts('abc.')).toBe('malformed');
    expect(zhipuKeyParts('.def')).toBe('malformed');
  });
});
