import type { TableImport } from '../copy-table.ts';
import { bool, int, RowSkip, text, textOrNull, unixSecondsOrNull } from '../values.ts';

/**
 * tokens: keys are stored as new-api stores them, without `sk-`, so imported keys keep working.
 * one-api names the model allow-list `models` (ours: model_limits, enabled when not empty) and the
 * address allow-list `subnet` (ours: allow_ips). new-api 2026's auto_groups has no place here.
 */
const RELAYGATE_TOKEN_LIMITS = [
  'rpm_limit',
  'tpm_limit',
  'concurrency_limit',
  'period_quota',
  'quota_period',
];

export const tokensImport: TableImport = {
  table: 'tokens',
  identity: 'key',
  reads: [
    'id',
    'user_id',
    'key',
    'status',
    'name',
    'created_time',
    'accessed_time',
    'expired_time',
    'remain_quota',
    'unlimited_quota',
    'model_limits_enabled',
    'model_limits',
    'models',
    'allow_ips',
    'subnet',
    'used_quota',
    'group',
    'cross_group_retry',
    'deleted_at',
    ...RELAYGATE_TOKEN_LIMITS,
  ],
  userOf: (row) => row.user_id,
  map(row) {
    const key = text(row.key).trim().replace(/^sk-/, '');
    if (key === '') throw new RowSkip('a token without a key');
    const oneApiModels = text(row.models).trim();
    const modelLimits = 'model_limits' in row ? textOrNull(row.model_limits) : oneApiModels || null;
    return {
      id: int(row.id),
      user_id: int(row.user_id),
      key,
      status: int(row.status, 1),
      name: text(row.name),
      created_time: int(row.created_time),
      accessed_time: int(row.accessed_time),
      expired_time: int(row.expired_time, -1),
      remain_quota: int(row.remain_quota),
      unlimited_quota: bool(row.unlimited_quota),
      model_limits_enabled:
        'model_limits_enabled' in row ? bool(row.model_limits_enabled) : oneApiModels ? 1 : 0,
      model_limits: modelLimits,
      allow_ips: 'allow_ips' in row ? textOrNull(row.allow_ips) : textOrNull(row.subnet),
      used_quota: int(row.used_quota),
      group: text(row.group),
      cross_group_retry: bool(row.cross_group_retry),
      deleted_at: unixSecondsOrNull(row.deleted_at),
      // Ours only (a backup made by npm run export): per-key limits, none for new-api's keys.
      rpm_limit: int(row.rpm_limit),
      tpm_limit: int(row.tpm_limit),
      concurrency_limit: int(row.concurrency_limit),
      period_quota: int(row.period_quota),
      quota_period: text(row.quota_period),
    };
  },
};
