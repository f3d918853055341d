/** Where a signed-in user goes when no other page was asked for (spec: the route table). */
export const DEFAULT_LANDING = '/token';

/** Pages a signed-in user has no business on: going back to them would loop. */
const SIGN_IN_PAGES = /^\/(login|register|reset|user\/reset|oauth\/[^/?#]*)(?=$|[/?#])/;

/** A path on this site (not `//host` or `/\host`, which browsers read as another site), not a sign-in page. */
function isLandingPath(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.startsWith('/\\') &&
    !SIGN_IN_PAGES.test(value)
  );
}

/**
 * Where a user who is (or just got) signed in goes from a sign-in page: the `redirect` query parameter,
 * else the page the login guard turned them away from (`state.from`), else /token.
 */
export function landingPath(search: string, state: unknown): string {
  const redirect = new URLSearchParams(search).get('redirect');
  if (isLandingPath(redirect)) return redirect;
  const from = state && typeof state === 'object' ? (state as { from?: unknown }).from : undefined;
  return isLandingPath(from) ? from : DEFAULT_LANDING;
}

/** The login page address that brings the user back to `current` once signed in again. */
export function loginPathFor(current: string, options: { expired?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (options.expired) params.set('expired', 'true');
  if (isLandingPath(current) && current !== DEFAULT_LANDING) params.set('redirect', current);
  const query = params.toString();
  return query ? `/login?${query}` : '/login';
}
