import { TOKEN_BATCH_MAX_COUNT, TOKEN_NAME_MAX_LENGTH, TokenStatus } from '@relaygate/contract';
import { z } from 'zod';
import { parseAllowIps } from '../../auth/ip-allow-list.ts';

/** model_limits and allow_ips are text columns: 16 000 characters stay within MySQL's 64 KB in utf8mb4. */
const LIST_TEXT_MAX = 16_000;
/** Latest expiry accepted: the last second of the year 9999. */
const LATEST_EXPIRY = 253_402_300_799;

const id = z.number().int('id must be a whole number').positive('id must be a positive integer');

const name = z
  .string()
  .trim()
  .min(1, 'token name cannot be empty')
  .refine((value) => [...value].length <= TOKEN_NAME_MAX_LENGTH, {
    message: `token name must be at most ${TOKEN_NAME_MAX_LENGTH} characters`,
  })
  .regex(/^\P{Cc}*$/u, 'token name cannot contain control characters');

const expiredTime = z
  .number()
  .int('expired_time must be a whole number of seconds')
  .refine((value) => value === -1 || (value > 0 && value <= LATEST_EXPIRY), {
    message: 'expired_time must be -1 (never) or a unix time',
  });

const remainQuota = z
  .number()
  .min(0, 'quota cannot be negative')
  .max(Number.MAX_SAFE_INTEGER, 'remain_quota is too large')
  .int('remain_quota must be a whole number');

/** Comma-separated model names: each trimmed, blanks and repeats dropped. */
const modelLimits = z
  .string()
  .max(LIST_TEXT_MAX, `model_limits must be at most ${LIST_TEXT_MAX} characters`)
  .regex(/^\P{Cc}*$/u, 'model_limits cannot contain control characters')
  .nullable()
  .transform((text) => {
    const names = (text ?? '').split(',').map((model) => model.trim());
    return [...new Set(names.filter((model) => model !== ''))].join(',');
  });

const allowIps = z
  .string()
  .max(LIST_TEXT_MAX, `allow_ips must be at most ${LIST_TEXT_MAX} characters`)
  .nullable()
  .transform((text, ctx) => {
    const parsed = parseAllowIps(text ?? '');
    if (parsed.ok) return parsed.value;
    const shown = parsed.line.length > 60 ? `${parsed.line.slice(0, 60)}…` : parsed.line;
    ctx.addIssue({ code: 'custom', message: `"${shown}" is not an IP address or CIDR range` });
    return z.NEVER;
  });

const group = z.string().trim().max(64, 'group must be at most 64 characters');

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
};

export const createTokenSchema = z.object({
  ...tokenFields,
  count: z
    .number()
    .int('count must be a whole number')
    .min(1, 'count must be at least 1')
    .max(TOKEN_BATCH_MAX_COUNT, `count must be at most ${TOKEN_BATCH_MAX_COUNT}`)
    .optional(),
});

export const updateTokenSchema = z.object({ ...tokenFields, id, name: name.optional() });

export const tokenStatusSchema = z.object({
  id,
  status: z.union([z.literal(TokenStatus.Enabled), z.literal(TokenStatus.Disabled)], {
    message: 'status must be 1 (enabled) or 2 (disabled)',
  }),
});

export const batchDeleteSchema = z.object({
  ids: z.array(id).min(1, 'please select at least one token').max(1000, 'at most 1000 tokens at a time'),
});

export type TokenFields = Omit<z.infer<typeof updateTokenSchema>, 'id'>;
