import type { TableImport } from '../copy-table.ts';
import { float, int, text } from '../values.ts';

/**
 * top_ups: new-api v0.6 has no payment_method or complete_time (empty and 0 here); 2026 adds
 * payment_provider, which has no place here. trade_no is unique here: an empty one gets a name.
 */
export const topUpsImport: TableImport = {
  table: 'top_ups',
  identity: 'trade_no',
  reads: [
    'id',
    'user_id',
    'amount',
    'money',
    'trade_no',
    'payment_method',
    'create_time',
    'complete_time',
    'status',
  ],
  userOf: (row) => row.user_id,
  map(row) {
    const id = int(row.id);
    return {
      id,
      user_id: int(row.user_id),
      amount: int(row.amount),
      money: float(row.money),
      trade_no: text(row.trade_no).trim() || `imported-${id}`,
      payment_method: text(row.payment_method),
      create_time: int(row.create_time),
      complete_time: int(row.complete_time),
      status: text(row.status, 'pending') || 'pending',
    };
  },
};
