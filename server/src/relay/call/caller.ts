import { Role, TokenStatus, UserStatus } from '@relaygate/contract';
import { readUserSetting } from '../../store/user-setting.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromDbBool } from '../../store/dialect.ts';
import { splitList } from '../../store/list-column.ts';
import { usableGroups } from '../../options/groups.ts';
import { allowListMatcher, ipAllowed } from '../../net/ip-allow-list.ts';
import { RelayError } from './relay-error.ts';
import type { TokenLimits } from '../../limits/gate.ts';
import { tokenLimitsOf } from '../../limits/token-limits.ts';
import { msg } from '../../i18n/text.ts';
import type { CachedUser, TokenRow } from '../../cache/key-cache.ts';
import { thenNow, type NowOrLater } from '../../cache/now-or-later.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The relay caller, authenticated from the headers before the body is read. */
    caller: Caller | null;
  }
}

/** Who is calling and what they may do, resolved once per request from the caches. */
export interface Caller {
  userId: number;
  username: string;
  userQuota: number;
  /** The group the call is priced and routed in: the token's, else the user's. */
  group: string;
  tokenId: number;
  tokenName: string;
  tokenUnlimited: boolean;
  tokenRemain: number;
  modelLimits: Set<string> | null;
  pinnedChannelId?: number;
  acceptUnsetRatio: boolean;
  recordIp: boolean;
  /** The key's own rate limits, budget and concurrency (limits/); none for the playground. */
  limits?: TokenLimits;
}

/** The raw key of a relay call: Authorization Bearer, or x-api-key / x-goog-api-key / ?key= where those clients use them. */
export function extractKey(request: FastifyRequest): string | null {
  const auth = request.headers.authorization;
  if (typeof auth === 'string' && auth.trim() !== '') return auth.replace(/^Bearer\s+/i, '').trim();
  for (const header of ['x-api-key', 'x-goog-api-key']) {
    const value = request.headers[header];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.key === 'string' && query.key !== '' ? query.key : null;
}

/**
 * The raw key of a Midjourney call: Authorization, or mj-api-secret when Authorization is empty or
 * says only "midjourney-proxy" (as midjourney-proxy clients send it).
 */
export function extractMidjourneyKey(request: FastifyRequest): string | null {
  const auth = request.headers.authorization;
  const bearer = typeof auth === 'string' ? auth.replace(/^Bearer\s+/i, '').trim() : '';
  if (bearer !== '' && bearer !== 'midjourney-proxy') return bearer;
  const secret = request.headers['mj-api-secret'];
  return typeof secret === 'string' && secret.trim() !== '' ? secret.trim() : null;
}

/** `sk-<key>` or `sk-<key>-<channel id>` (the pin is for admins only). */
export function parseKey(raw: string): { key: string; pinnedChannelId?: number } {
  const [key = '', pin] = raw.replace(/^sk-/, '').split('-');
  return pin !== undefined && /^\d+$/.test(pin) ? { key, pinnedChannelId: Number(pin) } : { key };
}

/**
 * Checks a key in new-api's order: exists, enabled, not expired, not exhausted, address, user,
 * group. Answered at once when the key and its user are cached (nearly every call); a refusal is
 * then thrown at once, and rejects otherwise.
 */
export function authenticateCaller(
  app: FastifyInstance,
  rawKey: string | null,
  ip: string,
): NowOrLater<Caller> {
  if (!rawKey) throw new RelayError(401, msg('relay.noKey'), 'invalid_api_key');
  const { key, pinnedChannelId } = parseKey(rawKey);
  return thenNow(key === '' ? null : app.keys.token(key), (found) => {
    const token = usableToken(found, ip);
    return thenNow(app.keys.user(Number(token.user_id)), (user) =>
      callerFor(app, token, user, pinnedChannelId),
    );
  });
}

/** The token, when it may call from `ip`; else the refusal, thrown. */
function usableToken(token: TokenRow | null, ip: string): TokenRow {
  if (!token) throw new RelayError(401, msg('relay.invalidKey'), 'invalid_api_key');
  const unlimited = fromDbBool(token.unlimited_quota);
  const now = Math.floor(Date.now() / 1000);
  if (token.status === TokenStatus.Disabled)
    throw new RelayError(401, msg('relay.keyDisabled'), 'token_disabled');
  if (token.status === TokenStatus.Expired || (token.expired_time !== -1 && token.expired_time < now)) {
    throw new RelayError(401, msg('relay.keyExpired'), 'token_expired');
  }
  if (token.status === TokenStatus.Exhausted || (!unlimited && Number(token.remain_quota) <= 0)) {
    throw new RelayError(401, msg('relay.keyUsedUp'), 'token_quota_exhausted');
  }
  if (token.status !== TokenStatus.Enabled)
    throw new RelayError(401, msg('relay.keyNotUsable'), 'token_disabled');
  if (!ipAllowed(allowListMatcher(token.allow_ips), ip)) {
    throw new RelayError(403, msg('relay.addressRefused', { ip }), 'ip_not_allowed');
  }
  return token;
}

/** The caller of a usable token, when its user may call in the token's group; else the refusal, thrown. */
function callerFor(
  app: FastifyInstance,
  token: TokenRow,
  user: CachedUser | null,
  pinnedChannelId: number | undefined,
): Caller {
  if (!user || user.deleted_at !== null)
    throw new RelayError(401, msg('relay.keyUserGone'), 'invalid_api_key');
  if (user.status !== UserStatus.Enabled)
    throw new RelayError(403, msg('relay.userDisabled'), 'user_disabled');

  const group = token.group || user.group;
  if (group !== user.group && !Object.hasOwn(usableGroups(app.settings, user.group), group)) {
    throw new RelayError(403, msg('relay.keyGroupRefused', { group }), 'group_not_allowed');
  }
  if (pinnedChannelId !== undefined && user.role < Role.Admin) {
    throw new RelayError(403, msg('relay.pinRefused'), 'channel_pin_not_allowed');
  }
  const setting = readUserSetting(user.setting);
  return {
    userId: user.id,
    username: user.username,
    userQuota: Number(user.quota),
    group,
    tokenId: token.id,
    tokenName: token.name,
    tokenUnlimited: fromDbBool(token.unlimited_quota),
    tokenRemain: Number(token.remain_quota),
    modelLimits: fromDbBool(token.model_limits_enabled) ? new Set(splitList(token.model_limits)) : null,
    pinnedChannelId,
    acceptUnsetRatio: setting.accept_unset_model_ratio_model === true,
    recordIp: setting.record_ip_log === true,
    limits: tokenLimitsOf(token),
  };
}

/** The caller the relay's onRequest hook authenticated (from the headers, before the body). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error('callerOf() used on a route without key authentication');
  return request.caller;
}
