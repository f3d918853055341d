import { z } from 'zod';
import { zodText } from '../../i18n/zod-issue.ts';
import { MAX_TEXT } from './channel-rules.ts';

/** A whole number given as a number or a numeric string; '' and null mean "not given". */
export const integerInput = z
  .union([z.number(), z.string()], { error: zodText('field.integer') })
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined) return undefined;
    if (typeof value === 'string' && value.trim() === '') return undefined;
    const n = typeof value === 'number' ? value : /^\s*-?\d{1,16}\s*$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(n)) {
      ctx.addIssue({ code: 'custom', message: zodText('field.integer') });
      return z.NEVER;
    }
    return n;
  });

const text = (max: number) => z.string().max(max, zodText('field.tooLong', { max })).nullish();

/** JSON text fields: the console sends strings; an API caller may send the object itself. */
const jsonText = z
  .union([z.string().max(MAX_TEXT * 4), z.record(z.string(), z.unknown())], {
    error: zodText('channel.jsonOrText'),
  })
  .nullish()
  .transform((value) =>
    value === null || value === undefined || typeof value === 'string' ? value : JSON.stringify(value),
  );

const nameList = z.union([z.string().max(MAX_TEXT * 4), z.array(z.string())], {
  error: zodText('channel.nameList'),
});

/**
 * The channel fields the console sends (create, full update). Read-only fields it echoes back
 * (used_quota, balance, response_time, test_time, test_outcome, test_error, created_time,
 * other_info…) are ignored.
 */
export const channelInputSchema = z.object({
  type: integerInput,
  name: text(255),
  key: z.string().max(900_000, zodText('channel.keyTooLong')).nullish(),
  openai_organization: text(255),
  test_model: text(255),
  base_url: text(2048),
  other: text(MAX_TEXT),
  models: nameList.nullish(),
  group: z.string().max(MAX_TEXT).nullish(),
  groups: z.array(z.string()).nullish(),
  model_mapping: jsonText,
  status_code_mapping: jsonText,
  setting: jsonText,
  param_override: jsonText,
  header_override: jsonText,
  priority: integerInput,
  weight: integerInput,
  max_input_tokens: integerInput,
  concurrency_limit: integerInput,
  auto_ban: z.union([z.number(), z.boolean()], { error: zodText('channel.oneOrZero') }).nullish(),
  tag: text(255),
  remark: text(255),
  status: integerInput,
});

export type ChannelInput = z.infer<typeof channelInputSchema>;

export const addModeSchema = z.enum(['single', 'batch'], {
  error: zodText('channel.addMode'),
});

export const idListSchema = z.object({
  ids: z
    .array(z.number().int().positive(), { error: zodText('channel.idList') })
    .min(1, zodText('channel.selectFirst'))
    .max(1000, zodText('channel.tooManyAtOnce', { max: 1000 })),
});

export const tagSchema = z.object({
  tag: z
    .string({ error: zodText('channel.tagEmpty') })
    .trim()
    .min(1, zodText('channel.tagEmpty'))
    .max(255),
});

export const batchTagSchema = idListSchema.extend({
  tag: z
    .string({ error: zodText('channel.enterTag') })
    .trim()
    .min(1, zodText('channel.enterTag'))
    .max(255),
});

export const tagEditSchema = tagSchema.extend({
  new_tag: z.string().trim().max(255).nullish(),
  model_mapping: jsonText,
  models: nameList.nullish(),
  groups: nameList.nullish(),
  priority: integerInput,
  weight: integerInput,
  param_override: jsonText,
  header_override: jsonText,
});

export type TagEdit = z.infer<typeof tagEditSchema>;

export const fetchModelsSchema = z.object({
  base_url: z.string().max(2048).nullish(),
  type: integerInput,
  key: z.string().max(900_000).nullish(),
});
