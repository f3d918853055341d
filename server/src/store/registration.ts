import type { Store } from './db.ts';
import { writeLogs, type NewLog } from './log-writer.ts';
import { insertUser, type NewUser } from './users.ts';

/** Whether any account (deleted ones included) holds this address exactly. */
export async function emailTaken(store: Store, email: string): Promise<boolean> {
  const row = await store.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

export interface NewRegistration {
  user: NewUser;
  /** The inviter rewarded for this registration, if an invite code named one. */
  inviter?: { id: number; reward: number };
  /** The log rows of the gifts, given the new user's id. */
  logs: (userId: number) => NewLog[];
}

/**
 * Creates a user, credits the inviter's invite counters and writes the gifts' log rows, in one
 * transaction: either everything is written or nothing is. Answers the new user's id.
 */
export async function insertRegistration(store: Store, registration: NewRegistration): Promise<number> {
  return store.db.transaction().execute(async (trx) => {
    const id = await insertUser(store, registration.user, trx);
    const inviter = registration.inviter;
    if (inviter) {
      await trx
        .updateTable('users')
        .set((eb) => ({
          aff_count: eb('aff_count', '+', 1),
          aff_quota: eb('aff_quota', '+', inviter.reward),
          aff_history: eb('aff_history', '+', inviter.reward),
        }))
        .where('id', '=', inviter.id)
        .execute();
    }
    await writeLogs(store, registration.logs(id), trx);
    return id;
  });
}
