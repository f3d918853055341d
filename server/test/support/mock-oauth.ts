import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Someone at a provider: what its user endpoint answers for them. */
export type ProviderUser = Record<string, unknown>;
export type MockProviderName = 'github' | 'linuxdo' | 'oidc';

export const MOCK_CLIENTS = {
  github: { id: 'gh-client', secret: 'gh-secret' },
  linuxdo: { id: 'ld-client', secret: 'ld-secret' },
  oidc: { id: 'oidc-client', secret: 'oidc-secret' },
  wechatToken: 'wechat-server-token',
} as const;

/**
 * A local stand-in for GitHub (web and API), LinuxDO Connect, an OpenID Connect provider and a
 * WeChat server, on one loopback port. A test hands out codes for users (`codeFor`), or sets who
 * signs in at an authorize page (`authorizeAs`, or POST /mock/authorize-as/{provider} from another
 * process), which then redirects back like the real provider.
 */
export interface MockOAuth {
  url: string;
  /** A one-time authorization code for this user at this provider. */
  codeFor(provider: MockProviderName, user: ProviderUser): string;
  /** A WeChat verification code for this openid. */
  wechatCodeFor(openid: string): string;
  /** Who "consents" on the authorize pages; their redirect goes to `callbackBase`/oauth/{provider}. */
  authorizeAs: Partial<Record<MockProviderName, ProviderUser>>;
  callbackBase: string;
  /** Token requests as received (form or JSON fields), for checks of what the gateway sent. */
  tokenRequests: { provider: MockProviderName; fields: Record<string, string>; authorization: string }[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.statusCode = status;
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(body));
}

const TOKEN_PATHS: Record<string, MockProviderName> = {
  '/login/oauth/access_token': 'github',
  '/oauth2/token': 'linuxdo',
  '/oidc/token': 'oidc',
};
const USER_PATHS: Record<string, MockProviderName> = {
  '/user': 'github',
  '/api/user': 'linuxdo',
  '/oidc/userinfo': 'oidc',
};
const AUTHORIZE_PATHS: Record<string, MockProviderName> = {
  '/login/oauth/authorize': 'github',
  '/oauth2/authorize': 'linuxdo',
  '/oidc/authorize': 'oidc',
};

/** The client credentials of a token request: Basic auth (LinuxDO) or in the body (GitHub, OIDC). */
function credentialsOf(fields: Record<string, string>, authorization: string): [string, string] {
  if (authorization.startsWith('Basic ')) {
    const [id = '', secret = ''] = Buffer.from(authorization.slice(6), 'base64').toString().split(':');
    return [id, secret];
  }
  return [fields.client_id ?? '', fields.client_secret ?? ''];
}

export async function startMockOAuth(): Promise<MockOAuth> {
  const codes = new Map<string, { provider: MockProviderName; user: ProviderUser }>();
  const tokens = new Map<string, { provider: MockProviderName; user: ProviderUser }>();
  const wechatCodes = new Map<string, string>();
  const random = () => randomBytes(12).toString('hex');
  let url = '';

  const mock: MockOAuth = {
    url: '',
    authorizeAs: {},
    callbackBase: '',
    tokenRequests: [],
    codeFor(provider, user) {
      const code = random();
      codes.set(code, { provider, user });
      return code;
    },
    wechatCodeFor(openid) {
      const code = random().slice(0, 6);
      wechatCodes.set(code, openid);
      return code;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const target = new URL(request.url ?? '/', url);
    const path = target.pathname;
    const authorization = request.headers.authorization ?? '';

    const tokenProvider = request.method === 'POST' ? TOKEN_PATHS[path] : undefined;
    if (tokenProvider) {
      const json = (request.headers['content-type'] ?? '').includes('json');
      const fields = json
        ? (JSON.parse(body) as Record<string, string>)
        : Object.fromEntries(new URLSearchParams(body));
      mock.tokenRequests.push({ provider: tokenProvider, fields, authorization });
      const [id, secret] = credentialsOf(fields, authorization);
      const client = MOCK_CLIENTS[tokenProvider];
      if (id !== client.id || secret !== client.secret) {
        return send(response, 401, { error: 'invalid_client', error_description: 'bad client credentials' });
      }
      const granted = codes.get(fields.code ?? '');
      codes.delete(fields.code ?? '');
      if (!granted || granted.provider !== tokenProvider) {
        // GitHub answers 200 with an error field; the others 400.
        return send(response, tokenProvider === 'github' ? 200 : 400, {
          error: 'bad_verification_code',
          error_description: 'The code passed is incorrect or expired.',
        });
      }
      const token = random();
      tokens.set(token, granted);
      return send(response, 200, { access_token: token, token_type: 'bearer' });
    }

    const userProvider = request.method === 'GET' ? USER_PATHS[path] : undefined;
    if (userProvider) {
      const holder = tokens.get(authorization.replace(/^Bearer /, ''));
      if (!holder || holder.provider !== userProvider)
        return send(response, 401, { message: 'Bad credentials' });
      return send(response, 200, holder.user);
    }

    // Another process (a browser test) sets who consents next: POST /mock/authorize-as/{provider}.
    const consentFor = /^\/mock\/authorize-as\/(github|linuxdo|oidc)$/.exec(path)?.[1] as
      MockProviderName | undefined;
    if (request.method === 'POST' && consentFor) {
      mock.authorizeAs[consentFor] = JSON.parse(body) as ProviderUser;
      return send(response, 200, { ok: true });
    }

    const authorizeProvider = AUTHORIZE_PATHS[path];
    const consenting = authorizeProvider && mock.authorizeAs[authorizeProvider];
    if (authorizeProvider && consenting) {
      const back = new URL(`/oauth/${authorizeProvider}`, mock.callbackBase);
      back.searchParams.set('code', mock.codeFor(authorizeProvider, consenting));
      back.searchParams.set('state', target.searchParams.get('state') ?? '');
      response.statusCode = 302;
      response.setHeader('location', back.toString());
      return response.end();
    }

    if (path === '/.well-known/openid-configuration') {
      return send(response, 200, {
        issuer: url,
        authorization_endpoint: `${url}/oidc/authorize`,
        token_endpoint: `${url}/oidc/token`,
        userinfo_endpoint: `${url}/oidc/userinfo`,
      });
    }

    if (path === '/api/wechat/user') {
      if (authorization !== MOCK_CLIENTS.wechatToken)
        return send(response, 200, { success: false, message: 'bad token' });
      const openid = wechatCodes.get(target.searchParams.get('code') ?? '');
      if (!openid) return send(response, 200, { success: false, message: '验证码错误或已过期' });
      return send(response, 200, { success: true, message: '', data: openid });
    }
    send(response, 404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}`;
  mock.url = url;
  return mock;
}

/** The gateway's environment that sends GitHub and LinuxDO calls to the mock. */
export const mockOAuthEnv = (mock: MockOAuth): Record<string, string> => ({
  GITHUB_OAUTH_BASE_URL: mock.url,
  GITHUB_API_BASE_URL: mock.url,
  LINUXDO_BASE_URL: mock.url,
});
