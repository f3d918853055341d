import type { OptionKey } from '@relaygate/contract';
import type { OptionsCache } from '../../cache/options-cache.ts';

export interface OidcEndpoints {
  authorization: string;
  token: string;
  userInfo: string;
}

const FRESH_MS = 10 * 60_000;
/** A discovery document that could not be read is asked for again after this. */
const RETRY_MS = 60_000;
const TIMEOUT_MS = 3_000;

const documents = new Map<string, { at: number; ok: boolean; doc: Record<string, unknown> }>();

/** The discovery document at this address, kept for ten minutes per address; {} when unreadable. */
async function discoveryDocument(url: string): Promise<Record<string, unknown>> {
  const known = documents.get(url);
  if (known && Date.now() - known.at < (known.ok ? FRESH_MS : RETRY_MS)) return known.doc;
  let doc: Record<string, unknown> = {};
  let ok = false;
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body: unknown = await response.json();
    if (response.ok && body && typeof body === 'object' && !Array.isArray(body)) {
      doc = body as Record<string, unknown>;
      ok = true;
    }
  } catch {
    // Unreachable or not JSON: the explicit endpoints may still be set.
  }
  documents.set(url, { at: Date.now(), ok, doc });
  return doc;
}

/**
 * The OpenID provider's endpoints: each one set explicitly in the options wins, the others come
 * from the discovery document at `oidc.well_known`. Empty strings for what neither gives.
 */
export async function oidcEndpoints(settings: OptionsCache): Promise<OidcEndpoints> {
  const wellKnown = settings.get('oidc.well_known');
  const doc = wellKnown ? await discoveryDocument(wellKnown) : {};
  const pick = (option: OptionKey, field: string) => {
    const explicit = settings.get(option);
    if (explicit) return explicit;
    const discovered = doc[field];
    return typeof discovered === 'string' ? discovered : '';
  };
  return {
    authorization: pick('oidc.authorization_endpoint', 'authorization_endpoint'),
    token: pick('oidc.token_endpoint', 'token_endpoint'),
    userInfo: pick('oidc.user_info_endpoint', 'userinfo_endpoint'),
  };
}
