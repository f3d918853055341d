import { REDEMPTION_BATCH_MAX_COUNT, REDEMPTION_NAME_MAX_LENGTH } from '@relaygate/contract';
import { z } from 'zod';
import { zodText } from '../../i18n/zod-issue.ts';

/** Latest expiry accepted: the last second of the year 9999. */
const LATEST_EXPIRY = 253_402_300_799;

const id = z.number().int(zodText('field.idWhole')).positive(zodText('field.idPositive'));

/** The console may send numbers as strings (it parses them from inputs). */
const wholeNumber = (field: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value),
    z
      .number({ error: zodText('redemption.fieldNumber', { field }) })
      .int(zodText('redemption.fieldWhole', { field })),
  );

const name = z
  .string()
  .trim()
  .refine((value) => [...value].length <= REDEMPTION_NAME_MAX_LENGTH, {
    message: zodText('redemption.nameLength', { max: REDEMPTION_NAME_MAX_LENGTH }),
  })
  .regex(/^\P{Cc}*$/u, zodText('redemption.nameInvalid'));

const quota = wholeNumber('quota').pipe(
  z
    .number()
    .positive(zodText('redemption.quotaPositive'))
    .max(Number.MAX_SAFE_INTEGER, zodText('redemption.quotaTooLarge')),
);

const expiredTime = wholeNumber('expired_time').pipe(
  z.number().min(0, zodText('redemption.expiryShape')).max(LATEST_EXPIRY, zodText('redemption.expiryTooFar')),
);

export const createRedemptionSchema = z.object({
  name: name.optional().default(''),
  quota,
  count: wholeNumber('count')
    .pipe(
      z
        .number()
        .min(1, zodText('redemption.countRange', { max: REDEMPTION_BATCH_MAX_COUNT }))
        .max(
          REDEMPTION_BATCH_MAX_COUNT,
          zodText('redemption.countRange', { max: REDEMPTION_BATCH_MAX_COUNT }),
        ),
    )
    .optional()
    .default(1),
  expired_time: expiredTime.optional().default(0),
});

export const updateRedemptionSchema = z.object({
  id,
  name: name
    .pipe(z.string().min(1, zodText('redemption.nameLength', { max: REDEMPTION_NAME_MAX_LENGTH })))
    .optional(),
  quota: quota.optional(),
  expired_time: expiredTime.optional(),
});

export const redemptionStatusSchema = z.object({
  id,
  status: z.union([z.literal(1), z.literal(2), z.literal(3)], {
    error: zodText('field.enabledOrDisabled'),
  }),
});
