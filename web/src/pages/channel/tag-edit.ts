import { isJsonObjectText } from './channel-form.ts';

/** The tag dialog's fields (antd Form name "channelTag"). */
export interface TagEditValues {
  new_tag: string;
  model_mapping: string;
  models: string[];
  groups: string[];
  priority: number | null;
  weight: number | null;
}

export interface TagEditPayload {
  tag: string;
  new_tag?: string;
  model_mapping?: string;
  models?: string;
  groups?: string;
  priority?: number;
  weight?: number;
}

export const initialTagEdit = (tag: string, models: string[]): TagEditValues => ({
  new_tag: tag,
  model_mapping: '',
  models,
  groups: [],
  priority: null,
  weight: null,
});

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((item, i) => item === b[i]);

/**
 * PUT /api/channel/tag: only what the dialog changed. Errors are i18n keys under `channel`.
 * An empty new tag dissolves the tag; empty lists leave the channels' own lists alone.
 */
export function tagEditPayload(
  tag: string,
  values: TagEditValues,
  initial: TagEditValues,
): { payload: TagEditPayload } | { error: string } {
  if (!isJsonObjectText(values.model_mapping)) return { error: 'channel.error.mappingJson' };
  if (values.priority !== null && !Number.isInteger(values.priority))
    return { error: 'channel.error.priority' };
  if (values.weight !== null && (!Number.isInteger(values.weight) || values.weight < 0)) {
    return { error: 'channel.error.weight' };
  }
  const payload: TagEditPayload = { tag };
  const newTag = values.new_tag.trim();
  if (newTag !== tag) payload.new_tag = newTag;
  if (values.model_mapping.trim() !== '') payload.model_mapping = values.model_mapping.trim();
  if (values.models.length > 0 && !sameList(values.models, initial.models))
    payload.models = values.models.join(',');
  if (values.groups.length > 0 && !sameList(values.groups, initial.groups))
    payload.groups = values.groups.join(',');
  if (values.priority !== null) payload.priority = values.priority;
  if (values.weight !== null) payload.weight = values.weight;
  if (Object.keys(payload).length === 1) return { error: 'channel.tag.noChanges' };
  return { payload };
}
