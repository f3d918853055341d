import type { RedisConnection } from '../../cache/redis-connection.ts';
import type { Store } from '../../store/db.ts';
import { nowSeconds } from '../../store/users.ts';
import {
  findVerificationCode,
  putVerificationCode,
  takeVerificationCode,
} from '../../store/verification-codes.ts';
import { randomAlphanumeric } from '../random.ts';

const VALID_SECONDS = 10 * 60;
/** Stored values fit the codes column (16 characters): a marker and an invite code of up to 15. */
const MAX_AFF_LENGTH = 15;
const keyOf = (state: string) => `oauth-state:${state}`;

/**
 * The state values third-party sign-ins start with (GET /api/oauth/state): random, valid ten
 * minutes, usable once, kept with the invite code the visitor came with. They live in Redis when it
 * is reachable, otherwise in the database, so the callback may reach any node.
 */
export class OAuthStates {
  private readonly store: Store;
  private readonly redis: RedisConnection | undefined;

  constructor(store: Store, redis?: RedisConnection) {
    this.store = store;
    this.redis = redis;
  }

  async issue(aff: string): Promise<string> {
    const state = randomAlphanumeric(24);
    const value = `a${aff.length <= MAX_AFF_LENGTH ? aff : ''}`;
    if (this.redis?.connected) {
      await this.redis.client.set(this.redisKey(state), value, 'EX', VALID_SECONDS);
    } else {
      const now = nowSeconds();
      await putVerificationCode(
        this.store.db,
        this.store.dialect,
        keyOf(state),
        value,
        now + VALID_SECONDS,
        now,
      );
    }
    return state;
  }

  /** Uses up a state: the invite code it was issued with ('' for none), or null if unknown or expired. */
  async take(state: string): Promise<{ aff: string } | null> {
    if (!/^[A-Za-z0-9]{24}$/.test(state)) return null;
    let value: string | null;
    if (this.redis?.connected) {
      value = await this.redis.client.getdel(this.redisKey(state));
    } else {
      value = await findVerificationCode(this.store.db, keyOf(state), nowSeconds());
      if (value !== null && !(await takeVerificationCode(this.store.db, keyOf(state), value))) value = null;
    }
    return value === null ? null : { aff: value.slice(1) };
  }

  private redisKey(state: string): string {
    return `${this.redis!.keyPrefix}${keyOf(state)}`;
  }
}
