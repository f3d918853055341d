import type { Transaction } from 'kysely';
import { fromDbBool } from './dialect.ts';
import type { Database } from './schema.ts';

/**
 * Moves a wallet (and its key) by `extra`: charged more when positive, given back when negative.
 * An unlimited key's remaining quota does not move, its used quota does.
 */
export async function moveTaskCharge(
  trx: Transaction<Database>,
  payer: { userId: number; tokenId: number },
  extra: number,
): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ quota: eb('quota', '-', extra), used_quota: eb('used_quota', '+', extra) }))
    .where('id', '=', payer.userId)
    .execute();
  if (payer.tokenId <= 0) return;
  const token = await trx
    .selectFrom('tokens')
    .select('unlimited_quota')
    .where('id', '=', payer.tokenId)
    .executeTakeFirst();
  if (!token) return;
  const limited = !fromDbBool(token.unlimited_quota);
  await trx
    .updateTable('tokens')
    .set((eb) => ({
      remain_quota: eb('remain_quota', '-', limited ? extra : 0),
      used_quota: eb('used_quota', '+', extra),
    }))
    .where('id', '=', payer.tokenId)
    .execute();
}
