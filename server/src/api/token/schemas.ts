import {
  QUOTA_PERIODS,
  TOKEN_BATCH_MAX_COUNT,
  TOKEN_LIMIT_MAX,
  TOKEN_NAME_MAX_LENGTH,
  TokenStatus,
} from '@relaygate/contract';
import { z } from 'zod';
import { zodText } from '../../i18n/zod-issue.ts';
import { parseAllowIps } from '../../net/ip-allow-list.ts';

/** model_limits and allow_ips are text columns: 16 000 characters stay within MySQL's 64 KB in utf8mb4. */
const LIST_TEXT_MAX = 16_000;
/** Latest expiry accepted: the last second of the year 9999. */
const LATEST_EXPIRY = 253_402_300_799;

const id = z.number().int(zodText('field.idWhole')).positive(zodText('field.idPositive'));

const name = z
  .string()
  .trim()
  .min(1, zodText('token.nameEmpty'))
  .refine((value) => [...value].length <= TOKEN_NAME_MAX_LENGTH, {
    message: zodText('token.nameTooLong', { max: TOKEN_NAME_MAX_LENGTH }),
  })
  .regex(/^\P{Cc}*$/u, zodText('token.nameInvalid'));

const expiredTime = z
  .number()
  .int(zodText('token.expiryWhole'))
  .refine((value) => value === -1 || (value > 0 && value <= LATEST_EXPIRY), {
    message: zodText('token.expiryShape'),
  });

const remainQuota = z
  .number()
  .min(0, zodText('token.quotaNegative'))
  .max(Number.MAX_SAFE_INTEGER, zodText('token.remainTooLarge'))
  .int(zodText('token.remainWhole'));

/** Comma-separated model names: each trimmed, blanks and repeats dropped. */
const modelLimits = z
  .string()
  .max(LIST_TEXT_MAX, zodText('token.listTooLong', { field: 'model_limits', max: LIST_TEXT_MAX }))
  .regex(/^\P{Cc}*$/u, zodText('token.modelLimitsInvalid'))
  .nullable()
  .transform((text) => {
    const names = (text ?? '').split(',').map((model) => model.trim());
    return [...new Set(names.filter((model) => model !== ''))].join(',');
  });

const allowIps = z
  .string()
  .max(LIST_TEXT_MAX, zodText('token.listTooLong', { field: 'allow_ips', max: LIST_TEXT_MAX }))
  .nullable()
  .transform((text, ctx) => {
    const parsed = parseAllowIps(text ?? '');
    if (parsed.ok) return parsed.value;
    const shown = parsed.line.length > 60 ? `${parsed.line.slice(0, 60)}…` : parsed.line;
    ctx.addIssue({ code: 'custom', message: zodText('token.notAnIp', { value: shown }) });
    return z.NEVER;
  });

const group = z
  .string()
  .trim()
  .max(64, zodText('field.groupTooLong', { max: 64 }));

/** A per-key limit: a whole number from 0 (unlimited) up to `max`. */
const limit = (field: string, max: number) =>
  z
    .number()
    .int(zodText('token.limitWhole', { field }))
    .min(0, zodText('token.limitNegative', { field }))
    .max(max, zodText('token.limitTooLarge', { field, max }));

const quotaPeriod = z.enum(QUOTA_PERIODS as [string, ...string[]], {
  message: zodText('token.quotaPeriodShape'),
});

/** The fields a user sets on a token; on create only the name is required. */
const tokenFields = {
  name,
  expired_time: expiredTime.optional(),
  remain_quota: remainQuota.optional(),
  unlimited_quota: z.boolean().optional(),
  model_limits_enabled: z.boolean().optional(),
  model_limits: modelLimits.optional(),
  allow_ips: allowIps.optional(),
  group: group.optional(),
  rpm_limit: limit('rpm_limit', TOKEN_LIMIT_MAX).optional(),
  tpm_limit: limit('tpm_limit', Number.MAX_SAFE_INTEGER).optional(),
  concurrency_limit: limit('concurrency_limit', TOKEN_LIMIT_MAX).optional(),
  period_quota: limit('period_quota', Number.MAX_SAFE_INTEGER).optional(),
  quota_period: quotaPeriod.optional(),
};

export const createTokenSchema = z.object({
  ...tokenFields,
  count: z
    .number()
    .int(zodText('token.countWhole'))
    .min(1, zodText('token.countMin', { min: 1 }))
    .max(TOKEN_BATCH_MAX_COUNT, zodText('token.countMax', { max: TOKEN_BATCH_MAX_COUNT }))
    .optional(),
});

export const updateTokenSchema = z.object({ ...tokenFields, id, name: name.optional() });

export const tokenStatusSchema = z.object({
  id,
  status: z.union([z.literal(TokenStatus.Enabled), z.literal(TokenStatus.Disabled)], {
    message: zodText('field.enabledOrDisabled'),
  }),
});

export const batchDeleteSchema = z.object({
  ids: z
    .array(id)
    .min(1, zodText('token.selectAtLeastOne'))
    .max(1000, zodText('token.tooManyAtOnce', { max: 1000 })),
});

export type TokenFields = Omit<z.infer<typeof updateTokenSchema>, 'id'>;
