import { REDEMPTION_BATCH_MAX_COUNT, REDEMPTION_NAME_MAX_LENGTH } from '@relaygate/contract';
import { z } from 'zod';

/** Latest expiry accepted: the last second of the year 9999. */
const LATEST_EXPIRY = 253_402_300_799;

const id = z.number().int('id must be a whole number').positive('id must be a positive integer');

/** The console may send numbers as strings (it parses them from inputs). */
const wholeNumber = (field: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value),
    z.number({ error: `${field} must be a number` }).int(`${field} must be a whole number`),
  );

const name = z
  .string()
  .trim()
  .refine((value) => [...value].length <= REDEMPTION_NAME_MAX_LENGTH, {
    message: `name must be 1 to ${REDEMPTION_NAME_MAX_LENGTH} characters`,
  })
  .regex(/^\P{Cc}*$/u, 'name cannot contain control characters');

const quota = wholeNumber('quota').pipe(
  z
    .number()
    .positive('quota must be a positive whole number')
    .max(Number.MAX_SAFE_INTEGER, 'quota is too large'),
);

const expiredTime = wholeNumber('expired_time').pipe(
  z
    .number()
    .min(0, 'expired_time must be 0 (never) or a unix time')
    .max(LATEST_EXPIRY, 'expired_time is too far'),
);

export const createRedemptionSchema = z.object({
  name: name.optional().default(''),
  quota,
  count: wholeNumber('count')
    .pipe(
      z
        .number()
        .min(1, `count must be 1 to ${REDEMPTION_BATCH_MAX_COUNT}`)
        .max(REDEMPTION_BATCH_MAX_COUNT, `count must be 1 to ${REDEMPTION_BATCH_MAX_COUNT}`),
    )
    .optional()
    .default(1),
  expired_time: expiredTime.optional().default(0),
});

export const updateRedemptionSchema = z.object({
  id,
  name: name.pipe(z.string().min(1, `name must be 1 to ${REDEMPTION_NAME_MAX_LENGTH} characters`)).optional(),
  quota: quota.optional(),
  expired_time: expiredTime.optional(),
});

export const redemptionStatusSchema = z.object({
  id,
  status: z.union([z.literal(1), z.literal(2), z.literal(3)], {
    error: 'status must be 1 (enabled) or 2 (disabled)',
  }),
});
