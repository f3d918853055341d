import { z } from 'zod';
import { MAX_TEXT } from './channel-rules.ts';

/** A whole number given as a number or a numeric string; '' and null mean "not given". */
export const integerInput = z
  .union([z.number(), z.string()], { error: 'must be an integer' })
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined) return undefined;
    if (typeof value === 'string' && value.trim() === '') return undefined;
    const n = typeof value === 'number' ? value : /^\s*-?\d{1,16}\s*$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(n)) {
      ctx.addIssue({ code: 'custom', message: 'must be an integer' });
      return z.NEVER;
    }
    return n;
  });

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`).nullish();

/** JSON text fields: the console sends strings; an API caller may send the object itself. */
const jsonText = z
  .union([z.string().max(MAX_TEXT * 4), z.record(z.string(), z.unknown())], {
    error: 'must be a JSON object or its text',
  })
  .nullish()
  .transform((value) =>
    value === null || value === undefined || typeof value === 'string' ? value : JSON.stringify(value),
  );

const nameList = z.union([z.string().max(MAX_TEXT * 4), z.array(z.string())], {
  error: 'must be a comma-separated list or an array of names',
});

/**
 * The channel fields the console sends (create, full update). Read-only fields it echoes back
 * (used_quota, balance, response_time, test_time, created_time, other_info…) are ignored.
 */
export const channelInputSchema = z.object({
  type: integerInput,
  name: text(255),
  key: z.string().max(900_000, 'the key is too long').nullish(),
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
  auto_ban: z.union([z.number(), z.boolean()], { error: 'must be 1 or 0' }).nullish(),
  tag: text(255),
  remark: text(255),
  status: integerInput,
});

export type ChannelInput = z.infer<typeof channelInputSchema>;

export const addModeSchema = z.enum(['single', 'batch'], {
  error: 'unsupported add mode: use single or batch',
});

export const idListSchema = z.object({
  ids: z
    .array(z.number().int().positive(), { error: 'ids must be a list of channel ids' })
    .min(1, 'please select channels first')
    .max(1000, 'at most 1000 channels at a time'),
});

export const tagSchema = z.object({
  tag: z.string({ error: 'tag cannot be empty' }).trim().min(1, 'tag cannot be empty').max(255),
});

export const batchTagSchema = idListSchema.extend({
  tag: z.string({ error: 'please enter a tag' }).trim().min(1, 'please enter a tag').max(255),
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
