import type { QuotaPeriod, TokenView } from '@relaygate/contract';
import type { Updateable } from 'kysely';
import { fromDbBool, toDbBool } from '../../store/dialect.ts';
import type { TokensTable } from '../../store/schema.ts';
import type { TokenRow } from '../../store/tokens.ts';
import type { TokenFields } from './schemas.ts';
import type { TokenValidity } from './token-rules.ts';

const LIMIT_FIELDS = ['rpm_limit', 'tpm_limit', 'concurrency_limit', 'period_quota'] as const;

/** What the owner sees of a token: everything, the full key included (they copy it from the console). */
export function toTokenView(row: TokenRow): TokenView {
  return {
    id: Number(row.id),
    user_id: Number(row.user_id),
    key: row.key,
    status: row.status,
    name: row.name,
    created_time: Number(row.created_time),
    accessed_time: Number(row.accessed_time),
    expired_time: Number(row.expired_time),
    remain_quota: Number(row.remain_quota),
    unlimited_quota: fromDbBool(row.unlimited_quota),
    model_limits_enabled: fromDbBool(row.model_limits_enabled),
    model_limits: row.model_limits ?? '',
    allow_ips: row.allow_ips ?? '',
    used_quota: Number(row.used_quota),
    group: row.group,
    rpm_limit: Number(row.rpm_limit ?? 0),
    tpm_limit: Number(row.tpm_limit ?? 0),
    concurrency_limit: Number(row.concurrency_limit ?? 0),
    period_quota: Number(row.period_quota ?? 0),
    quota_period: (row.quota_period ?? '') as QuotaPeriod,
  };
}

/** The columns the given fields write; absent fields are left out. */
export function toTokenColumns(fields: TokenFields): Updateable<TokensTable> {
  const columns: Updateable<TokensTable> = {};
  if (fields.name !== undefined) columns.name = fields.name;
  if (fields.expired_time !== undefined) columns.expired_time = fields.expired_time;
  if (fields.remain_quota !== undefined) columns.remain_quota = fields.remain_quota;
  if (fields.unlimited_quota !== undefined) columns.unlimited_quota = toDbBool(fields.unlimited_quota);
  if (fields.model_limits_enabled !== undefined) {
    columns.model_limits_enabled = toDbBool(fields.model_limits_enabled);
  }
  if (fields.model_limits !== undefined) columns.model_limits = fields.model_limits;
  if (fields.allow_ips !== undefined) columns.allow_ips = fields.allow_ips;
  if (fields.group !== undefined) columns.group = fields.group;
  for (const field of LIMIT_FIELDS) if (fields[field] !== undefined) columns[field] = fields[field];
  if (fields.quota_period !== undefined) columns.quota_period = fields.quota_period;
  return columns;
}

/** The token's expiry and quota after an edit: the new values where given, else the stored ones. */
export function validityAfterEdit(row: TokenRow, fields: TokenFields): TokenValidity {
  return {
    expired_time: fields.expired_time ?? Number(row.expired_time),
    remain_quota: fields.remain_quota ?? Number(row.remain_quota),
    unlimited_quota: fields.unlimited_quota ?? fromDbBool(row.unlimited_quota),
  };
}
