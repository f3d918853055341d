import { isLockConflict } from './money-transaction.ts';

const ATTEMPTS = 3;

/**
 * Runs an all-or-nothing transaction again when the database picked it as a deadlock victim
 * (MariaDB does so for concurrent channel writes: each deletes and inserts ability rows).
 */
export async function retryOnLockConflict<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= ATTEMPTS || !isLockConflict(error)) throw error;
    }
  }
}
