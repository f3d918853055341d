import type { TableImport } from '../copy-table.ts';
import { int, RowSkip, text, unixSecondsOrNull } from '../values.ts';

/** redemptions: the same columns; one-api has no used_user_id, expired_time or deleted_at. */
export const redemptionsImport: TableImport = {
  table: 'redemptions',
  identity: 'key',
  reads: [
    'id',
    'user_id',
    'key',
    'status',
    'name',
    'quota',
    'created_time',
    'redeemed_time',
    'used_user_id',
    'expired_time',
    'deleted_at',
  ],
  map(row) {
    const key = text(row.key).trim();
    if (key === '') throw new RowSkip('a redemption code without a key');
    return {
      id: int(row.id),
      user_id: int(row.user_id),
      key,
      status: int(row.status, 1),
      name: text(row.name),
      quota: int(row.quota),
      created_time: int(row.created_time),
      redeemed_time: int(row.redeemed_time),
      used_user_id: int(row.used_user_id),
      expired_time: int(row.expired_time),
      deleted_at: unixSecondsOrNull(row.deleted_at),
    };
  },
};
