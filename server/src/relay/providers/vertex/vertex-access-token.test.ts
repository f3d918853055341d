import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { throwawayServiceAccount } from './vertex-account.test-support.ts';
import {
  CLOUD_PLATFORM_SCOPE,
  forgetVertexTokens,
  JWT_BEARER_GRANT,
  RENEW_BEFORE_MS,
  vertexAccessToken,
} from './vertex-access-token.ts';
import { serviceAccounts } from './vertex-credentials.ts';

/** A token endpoint on loopback: each exchange gets a new token; the forms it received are kept. */
let server: Server;
let tokenUri = '';
let forms: URLSearchParams[] = [];
let answer: { status: number; body: unknown } | undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      forms.push(new URLSearchParams(text));
      const { status, body } = answer ?? {
        status: 200,
        body: { access_token: `ya29.token-${forms.length}`, expires_in: 3599, token_type: 'Bearer' },
      };
      // Answers a moment later, so concurrent calls overlap.
      setTimeout(
        () => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
        20,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  tokenUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  forms = [];
  answer = undefined;
  forgetVertexTokens();
});

describe('a Vertex access token from a service account', () => {
  it("exchanges an RS256 assertion that verifies with the account's public key, with the claims Google wants", async () => {
    const { keyJson, publicKey, key } = throwawayServiceAccount(tokenUri);
    const [account] = serviceAccounts(keyJson);
    const before = Math.floor(Date.now() / 1000);
    expect(await vertexAccessToken(account!)).toBe('ya29.token-1');
    expect(forms).toHaveLength(1);
    expect(forms[0]!.get('grant_type')).toBe(JWT_BEARER_GRANT);
    const { payload, protectedHeader } = await jwtVerify(
      forms[0]!.get('assertion')!,
      await importSPKI(publicKey, 'RS256'),
      { issuer: key.client_email, audience: tokenUri },
    );
    expect(protectedHeader).toMatchObject({ alg: 'RS256', typ: 'JWT', kid: 'kid-test-1' });
    expect(payload.scope).toBe(CLOUD_PLATFORM_SCOPE);
    expect(payload.iat).toBeGreaterThanOrEqual(before);
    expect(payload.exp).toBe(payload.iat! + 3600);
  });

  it('keeps the token until shortly before it expires, then fetches a new one', async () => {
    const [account] = serviceAccounts(throwawayServiceAccount(tokenUri).keyJson);
    const now = Date.now();
    expect(await vertexAccessToken(account!, undefined, now)).toBe('ya29.token-1');
    expect(await vertexAccessToken(account!, undefined, now + 3599_000 - RENEW_BEFORE_MS - 1000)).toBe(
      'ya29.token-1',
    );
    expect(forms).toHaveLength(1);
    expect(await vertexAccessToken(account!, undefined, now + 3599_000 - RENEW_BEFORE_MS + 1000)).toBe(
      'ya29.token-2',
    );
    expect(forms).toHaveLength(2);
  });

  it('shares one exchange between concurrent calls, and keeps one token per account', async () => {
    const [first] = serviceAccounts(throwawayServiceAccount(tokenUri).keyJson);
    const [second] = serviceAccounts(throwawayServiceAccount(tokenUri).keyJson);
    const tokens = await Promise.all([
      vertexAccessToken(first!),
      vertexAccessToken(first!),
      vertexAccessToken(first!),
      vertexAccessToken(second!),
    ]);
    expect(forms).toHaveLength(2);
    expect(new Set(tokens.slice(0, 3)).size).toBe(1);
    expect(tokens[3]).not.toBe(tokens[0]);
  });

  it('says why an exchange failed, without the key, and tries again on the next call', async () => {
    const { keyJson, key } = throwawayServiceAccount(tokenUri);
    const [account] = serviceAccounts(keyJson);
    answer = { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } };
    const error = await vertexAccessToken(account!).then(
      () => new Error('no failure'),
      (caught: unknown) => caught as Error,
    );
    expect(error.message).toBe(
      `Vertex AI: the service account ${key.client_email} could not get an access token: the token endpoint answered HTTP 400: invalid_grant: Invalid JWT Signature.`,
    );
    expect(error.message).not.toContain('PRIVATE KEY');
    answer = undefined;
    expect(await vertexAccessToken(account!)).toBe('ya29.token-2');
  });

  it('refuses a private key that is not PKCS#8 PEM before calling anyone', async () => {
    const [account] = serviceAccounts(throwawayServiceAccount(tokenUri).keyJson);
    const broken = {
      ...account!,
      privateKey: '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----',
    };
    await expect(vertexAccessToken(broken)).rejects.toThrow('its private_key is not a PEM PKCS#8 RSA key');
    expect(forms).toHaveLength(0);
  });
});
