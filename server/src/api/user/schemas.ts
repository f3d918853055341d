import { QUOTA_ADJUST_MODES } from '@relaygate/contract';
import { z } from 'zod';
import { zodText } from '../../i18n/zod-issue.ts';

/** Up to 12 visible characters (spec §5), no spaces or control characters. */
export const usernameSchema = z
  .string()
  .trim()
  .min(1, zodText('user.usernameEmpty'))
  .max(12, zodText('user.usernameTooLong', { max: 12 }))
  .regex(/^[^\s\p{C}]+$/u, zodText('user.usernameInvalid'));

export const passwordSchema = z
  .string()
  .min(8, zodText('user.passwordTooShort', { min: 8 }))
  .max(20, zodText('user.passwordTooLong', { max: 20 }));

export const displayNameSchema = z
  .string()
  .trim()
  .max(20, zodText('user.displayNameTooLong', { max: 20 }))
  .regex(/^[^\p{C}]*$/u, zodText('user.displayNameInvalid'));

export const emailSchema = z.string().trim().max(255).email(zodText('user.emailInvalid'));

export const groupSchema = z
  .string()
  .trim()
  .min(1, zodText('user.groupEmpty'))
  .max(64, zodText('field.groupTooLong', { max: 64 }));

/** A quota amount: a whole number of units that fits the database's integer columns. */
export const quotaSchema = z.number().int(zodText('user.quotaWhole')).min(0).max(Number.MAX_SAFE_INTEGER);

export const registerSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  password2: z.string().optional(),
  email: z.union([emailSchema, z.literal('')]).optional(),
  verification_code: z.string().max(64).optional(),
  aff_code: z.string().max(32).optional(),
});

export const loginSchema = z.object({
  username: z.string().trim().min(1, zodText('account.credentialsRequired')).max(255),
  password: z.string().min(1, zodText('account.credentialsRequired')).max(255),
});

export const updateSelfSchema = z.object({
  username: usernameSchema.optional(),
  display_name: displayNameSchema.optional(),
  password: z.union([passwordSchema, z.literal('')]).optional(),
  original_password: z.string().max(255).optional(),
});

export const createUserSchema = z.object({
  username: z.string().trim().min(1, zodText('user.credentialsEmpty')).pipe(usernameSchema),
  password: z.string().min(1, zodText('user.credentialsEmpty')).pipe(passwordSchema),
  display_name: displayNameSchema.optional(),
  role: z.number().int().optional(),
});

export const updateUserSchema = z.object({
  id: z.number().int().positive(),
  username: usernameSchema.optional(),
  display_name: displayNameSchema.optional(),
  password: z.union([passwordSchema, z.literal('')]).optional(),
  group: groupSchema.optional(),
  quota: quotaSchema.optional(),
  email: z.union([emailSchema, z.literal('')]).optional(),
  remark: z.string().max(255).optional(),
  role: z.number().int().optional(),
});

export const manageSchema = z.object({
  id: z.number().int().positive(),
  action: z.enum(['disable', 'enable', 'delete', 'promote', 'demote', 'add_quota'], {
    message: zodText('user.manageAction'),
  }),
});

/** The rest of an add_quota call: how, and how many units (checked against the mode by the route). */
export const quotaAdjustSchema = z.object({
  mode: z.enum(QUOTA_ADJUST_MODES, { message: zodText('user.quotaAdjustMode') }),
  value: quotaSchema,
});

export const affTransferSchema = z.object({
  quota: z.number().int(zodText('user.quotaWhole')).positive(),
});

export const userSettingSchema = z
  .object({
    notify_type: z.enum(['email', 'webhook']).default('email'),
    quota_warning_threshold: z.number().finite().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    webhook_url: z.string().trim().max(2048).optional(),
    webhook_secret: z.string().max(512).optional(),
    notification_email: z.union([emailSchema, z.literal('')]).optional(),
    accept_unset_model_ratio_model: z.boolean().optional(),
    record_ip_log: z.boolean().optional(),
  })
  .superRefine((setting, ctx) => {
    const url = setting.webhook_url ?? '';
    if (setting.notify_type === 'webhook' && url === '') {
      ctx.addIssue({ code: 'custom', path: ['webhook_url'], message: zodText('user.webhookRequired') });
    }
    if (url !== '' && !/^https:\/\/[^\s/]+\S*$/.test(url)) {
      ctx.addIssue({
        code: 'custom',
        path: ['webhook_url'],
        message: zodText('user.webhookHttps'),
      });
    }
  });
