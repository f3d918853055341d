import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { RedisConnection } from '../cache/redis-connection.ts';
import type { Store } from '../store/db.ts';
import {
  findVerificationCode,
  putVerificationCode,
  takeVerificationCode,
} from '../store/verification-codes.ts';
import { nowSeconds } from '../store/users.ts';

export const CODE_VALID_MINUTES = 10;
const VALID_SECONDS = CODE_VALID_MINUTES * 60;

/** The purpose of codes mailed by /api/verification: registration and binding accept them alike. */
export const EMAIL_CODE_PURPOSE = 'register';

/** Where codes live so that every node sees them, expiring by themselves. */
interface CodeStore {
  put(key: string, code: string, seconds: number): Promise<void>;
  get(key: string): Promise<string | null>;
  /** Removes the key if it still holds this code; true for the one caller that did. */
  take(key: string, code: string): Promise<boolean>;
}

/** Deletes KEYS[1] only if it still holds ARGV[1], so two nodes can never both consume a code. */
const TAKE_IF_EQUAL = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

function redisCodes(redis: RedisConnection): CodeStore {
  const full = (key: string) => `${redis.keyPrefix}vcode:${key}`;
  return {
    async put(key, code, seconds) {
      await redis.client.set(full(key), code, 'EX', seconds);
    },
    get: (key) => redis.client.get(full(key)),
    async take(key, code) {
      return (await redis.client.eval(TAKE_IF_EQUAL, 1, full(key), code)) === 1;
    },
  };
}

function databaseCodes(store: Store): CodeStore {
  return {
    async put(key, code, seconds) {
      const now = nowSeconds();
      await putVerificationCode(store.db, store.dialect, key, code, now + seconds, now);
    },
    get: (key) => findVerificationCode(store.db, key, nowSeconds()),
    take: (key, code) => takeVerificationCode(store.db, key, code),
  };
}

/**
 * One-time codes sent by e-mail (registration, binding, password reset), per purpose and address,
 * valid for ten minutes. They live in Redis when it is configured and reachable, otherwise in the
 * database, so a code issued by one node is accepted by any other; a code is consumed when it is
 * checked successfully.
 */
export class VerificationCodes {
  private readonly database: CodeStore;
  private readonly redis: { connection: RedisConnection; codes: CodeStore } | undefined;

  constructor(store: Store, redis?: RedisConnection) {
    this.database = databaseCodes(store);
    this.redis = redis && { connection: redis, codes: redisCodes(redis) };
  }

  /** A new code (`bytes` random bytes in hex: 6 characters by default) replacing any earlier one. */
  async issue(purpose: string, address: string, bytes = 3): Promise<string> {
    const code = randomBytes(bytes).toString('hex');
    await this.codes().put(keyOf(purpose, address), code, VALID_SECONDS);
    return code;
  }

  async consume(purpose: string, address: string, code: string): Promise<boolean> {
    const key = keyOf(purpose, address);
    const codes = this.codes();
    const expected = await codes.get(key);
    if (expected === null || expected.length !== code.length) return false;
    if (!timingSafeEqual(Buffer.from(expected), Buffer.from(code))) return false;
    return codes.take(key, expected);
  }

  private codes(): CodeStore {
    return this.redis?.connection.connected ? this.redis.codes : this.database;
  }
}

const keyOf = (purpose: string, address: string) => `${purpose}:${address.toLowerCase()}`;
