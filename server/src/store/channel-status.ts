import { ChannelStatus, type ChannelOtherInfo } from '@relaygate/contract';
import type { Db } from './db.ts';
import { nowSeconds } from './users.ts';

/** other_info JSON with `patch` written over it; a broken one is replaced. */
export function mergeOtherInfo(text: string | null, patch: ChannelOtherInfo): string {
  let current: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text ?? '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      current = parsed as Record<string, unknown>;
  } catch {
    // A broken other_info is replaced.
  }
  return JSON.stringify({ ...current, ...patch });
}

/**
 * Sets a channel's status and keeps its abilities in step. A reason (auto-disable) is recorded
 * in other_info with the time. `onlyFrom` makes the change conditional: auto-enable uses it so a
 * channel an admin disabled by hand (2) in the meantime is never switched back on.
 * Answers whether the row changed; callers then rebuild the channel index.
 */
export async function setChannelStatus(
  db: Db,
  id: number,
  status: number,
  options: { reason?: string; onlyFrom?: number } = {},
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('channels')
      .select(['status', 'other_info'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return false;
    if (options.onlyFrom !== undefined && row.status !== options.onlyFrom) return false;
    const otherInfo =
      options.reason !== undefined
        ? mergeOtherInfo(row.other_info, { status_reason: options.reason, status_time: nowSeconds() })
        : row.other_info;
    let update = trx.updateTable('channels').set({ status, other_info: otherInfo }).where('id', '=', id);
    if (options.onlyFrom !== undefined) update = update.where('status', '=', options.onlyFrom);
    const result = await update.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx
      .updateTable('abilities')
      .set({ enabled: status === ChannelStatus.Enabled ? 1 : 0 })
      .where('channel_id', '=', id)
      .execute();
    return true;
  });
}
