import { setTimeout as sleep } from 'node:timers/promises';
import { isLockConflict } from './money-transaction.ts';

const ATTEMPTS = 8;

/**
 * Runs an all-or-nothing transaction again when the database picked it as a deadlock victim
 * (MariaDB does so for concurrent channel writes: each deletes and inserts ability rows). Between
 * attempts it waits a few random milliseconds, growing each time, so that writers that collided do
 * not collide again in the same order: three immediate retries were not enough under load.
 */
export async function retryOnLockConflict<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= ATTEMPTS || !isLockConflict(error)) throw error;
      await sleep(Math.random() * 5 * 2 ** attempt);
    }
  }
}
