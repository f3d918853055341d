import { ChannelType, type ChannelTypeOption, type ChannelView } from '@relaygate/contract';
import { splitNames } from './channel-status.ts';
import type { ChannelFormValues, ChannelPayload } from './channel-form-values.ts';
import type { ChannelField, FormProblem } from './form-errors.ts';

export const MIN_PRIORITY = -999;
export const MIN_WEIGHT = 0;

/** Spec §9: type 1, auto_ban 1, group default, priority 0, weight 0. */
export const DEFAULT_CHANNEL_FORM: ChannelFormValues = {
  type: ChannelType.OpenAI,
  name: '',
  key: '',
  batch: false,
  base_url: '',
  other: '',
  openai_organization: '',
  models: [],
  groups: ['default'],
  model_mapping: '',
  status_code_mapping: '',
  setting: '',
  test_model: '',
  auto_ban: true,
  priority: 0,
  weight: 0,
  max_input_tokens: 0,
  concurrency_limit: 0,
  tag: '',
  remark: '',
};

/** The form as it opens for a loaded channel (the key never comes back, so it starts blank). */
export function channelToForm(channel: ChannelView): ChannelFormValues {
  return {
    type: channel.type,
    name: channel.name,
    key: '',
    batch: false,
    base_url: channel.base_url ?? '',
    other: channel.other ?? '',
    openai_organization: channel.openai_organization ?? '',
    models: splitNames(channel.models),
    groups: splitNames(channel.group),
    model_mapping: channel.model_mapping ?? '',
    status_code_mapping: channel.status_code_mapping ?? '',
    setting: channel.setting ?? '',
    test_model: channel.test_model ?? '',
    auto_ban: channel.auto_ban !== 0,
    priority: channel.priority,
    weight: channel.weight,
    max_input_tokens: channel.max_input_tokens,
    concurrency_limit: channel.concurrency_limit ?? 0,
    tag: channel.tag ?? '',
    remark: channel.remark ?? '',
  };
}

/** The create form prefilled from a channel to copy: every field but the key, the name marked as a copy. */
export function copyToForm(channel: ChannelView): ChannelFormValues {
  return { ...channelToForm(channel), name: `${channel.name}_copy` };
}

/** Whether text is empty or a JSON object ("null" counts as empty, as the server reads it). */
export function isJsonObjectText(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === 'null') return true;
  try {
    const value: unknown = JSON.parse(trimmed);
    return !!value && typeof value === 'object' && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** Base URL without trailing slashes. */
export const stripTrailingSlash = (url: string): string => url.trim().replace(/\/+$/, '');

/** The first rule the form breaks (the i18n key of why and the fields to mark), or null. */
export function validateChannelForm(values: ChannelFormValues, creating: boolean): FormProblem | null {
  const problem = (message: string, ...fields: ChannelField[]) => ({
    message: `channel.error.${message}`,
    fields,
  });
  const noName = values.name.trim() === '';
  const noKey = creating && values.key.trim() === '';
  if (noName || noKey)
    return problem('nameAndKey', ...(noName ? ['name' as const] : []), ...(noKey ? ['key' as const] : []));
  if (values.models.length === 0) return problem('noModels', 'models');
  if (!isJsonObjectText(values.model_mapping)) return problem('mappingJson', 'model_mapping');
  if (!isJsonObjectText(values.status_code_mapping)) return problem('statusCodeJson', 'status_code_mapping');
  if (!isJsonObjectText(values.setting)) return problem('settingJson', 'setting');
  return null;
}

/** An integer at least `min`, or undefined when not given (empty means "ignore"). */
export function integerAtLeast(value: number | null | undefined, min: number): number | undefined {
  if (value === null || value === undefined || !Number.isFinite(value)) return undefined;
  return Math.max(min, Math.trunc(value));
}

/** The body of POST/PUT /api/channel/ for valid form values. */
export function formToPayload(values: ChannelFormValues, id?: number): ChannelPayload {
  const payload: ChannelPayload = {
    type: values.type,
    name: values.name.trim(),
    base_url: stripTrailingSlash(values.base_url),
    // Left empty, the server fills in the type's default (Spark's version).
    other: values.other.trim(),
    openai_organization: values.openai_organization.trim(),
    models: values.models.map((model) => model.trim()).join(','),
    group: values.groups.join(','),
    model_mapping: values.model_mapping.trim(),
    status_code_mapping: values.status_code_mapping.trim(),
    setting: values.setting.trim(),
    test_model: values.test_model.trim(),
    auto_ban: values.auto_ban ? 1 : 0,
    tag: values.tag.trim(),
    remark: values.remark.trim(),
  };
  if (id !== undefined) payload.id = id;
  const key = values.key.trim();
  if (key !== '') payload.key = key;
  const priority = integerAtLeast(values.priority, MIN_PRIORITY);
  if (priority !== undefined) payload.priority = priority;
  const weight = integerAtLeast(values.weight, MIN_WEIGHT);
  if (weight !== undefined) payload.weight = weight;
  const maxInputTokens = integerAtLeast(values.max_input_tokens, 0);
  if (maxInputTokens !== undefined) payload.max_input_tokens = maxInputTokens;
  const concurrencyLimit = integerAtLeast(values.concurrency_limit, 0);
  if (concurrencyLimit !== undefined) payload.concurrency_limit = concurrencyLimit;
  return payload;
}

/** POST /api/channel/: the channel itself, or new-api's batch form (one channel per key line). */
export function createBody(values: ChannelFormValues): unknown {
  const channel = formToPayload(values);
  return values.batch ? { mode: 'batch', channel } : channel;
}

/** Adds comma-separated custom model names; names already in the list are reported, not added twice. */
export function addCustomModels(
  current: string[],
  input: string,
): { models: string[]; duplicates: string[] } {
  const models = [...current];
  const duplicates: string[] = [];
  for (const name of splitNames(input)) {
    if (models.includes(name)) duplicates.push(name);
    else models.push(name);
  }
  return { models, duplicates };
}

/** Fetched model names merged into the selection without duplicates. */
export const mergeModels = (current: string[], extra: string[]): string[] => [
  ...new Set([...current, ...extra]),
];

/**
 * The types a channel can be given, and the one it has when the list no longer offers it (an
 * imported channel of a retired type), so that it still reads and can be changed.
 */
export function typeOptions(
  types: Array<Pick<ChannelTypeOption, 'id' | 'name'>> | undefined,
  current: number,
  unlisted: (id: number) => string,
): Array<{ value: number; label: string }> {
  const options = (types ?? []).map((option) => ({ value: option.id, label: option.name }));
  if (types && !types.some((option) => option.id === current))
    options.push({ value: current, label: unlisted(current) });
  return options;
}
