import { github } from './github.ts';
import { linuxdo } from './linuxdo.ts';
import { oidc } from './oidc.ts';
import type { OAuthProvider } from './provider.ts';

/** The authorization-code providers by the {type} of GET /api/oauth/{type}. */
export const OAUTH_PROVIDERS: Readonly<Record<string, OAuthProvider>> = { github, linuxdo, oidc };

export type { ExternalAccount, OAuthProvider, ThirdParty, BindingColumn } from './provider.ts';
export { OAuthRefusal } from './provider.ts';
