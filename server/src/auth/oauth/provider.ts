import type { OptionKey } from '@relaygate/contract';
import type { OptionsCache } from '../../cache/options-cache.ts';
import type { OAuthEndpoints } from '../../config.ts';
import { LocalizedError, type Text } from '../../i18n/text.ts';

/** The users column that holds each kind of third-party account. */
import type { BindingColumn } from '../../store/user-bindings.ts';

export type { BindingColumn };

/** An account at a third party, as the provider describes it. */
export interface ExternalAccount {
  /** Stable id at the provider: what the binding stores. */
  id: string;
  /** The provider's login name, tried as the username of a new account. */
  username: string;
  displayName: string;
}

export interface OAuthContext {
  settings: OptionsCache;
  endpoints: OAuthEndpoints;
  /** The console's address the provider sends the browser back to (`<it>/oauth/{type}`). */
  redirectBase: string;
}

/** What every third-party sign-in shares: its name, switch, users column and new-username prefix. */
export interface ThirdParty {
  /** As messages name it. */
  readonly label: string;
  readonly column: BindingColumn;
  /** The option that switches it on. */
  readonly enabledOption: OptionKey;
  /** New accounts are named `<prefix><n>` when the provider's own name is not free. */
  readonly usernamePrefix: string;
}

/** A provider of the authorization-code flow (GET /api/oauth/{type}?code&state). */
export interface OAuthProvider extends ThirdParty {
  /** Exchanges an authorization code for the account it grants access to; refuses with OAuthRefusal. */
  account(code: string, context: OAuthContext): Promise<ExternalAccount>;
}

/** A sign-in the provider, its configuration or its answer does not allow: shown to the user as is. */
export class OAuthRefusal extends LocalizedError {
  constructor(text: Text) {
    super(text, 200);
  }
}
