/** Where the browser goes to start a third-party login (spec §2.2: the state value is fetched first). */
export function githubAuthorizeUrl(clientId: string, state: string): string {
  const query = new URLSearchParams({ client_id: clientId, state, scope: 'user:email' });
  return `https://github.com/login/oauth/authorize?${query.toString()}`;
}

export function linuxdoAuthorizeUrl(clientId: string, state: string): string {
  const query = new URLSearchParams({ response_type: 'code', client_id: clientId, state });
  return `https://connect.linux.do/oauth2/authorize?${query.toString()}`;
}

export type OAuthProvider = 'github' | 'linuxdo';

/** The provider of a callback route (/oauth/github, /oauth/linuxdo), or null for any other path. */
export function providerFromPath(pathname: string): OAuthProvider | null {
  const match = /^\/oauth\/(github|linuxdo)\/?$/.exec(pathname);
  return match ? (match[1] as OAuthProvider) : null;
}

/** A public Telegram link for the bot (the login widget itself is an external script, not embedded). */
export function telegramBotUrl(botName: string): string {
  return `https://t.me/${encodeURIComponent(botName.replace(/^@/, ''))}`;
}
