import { ChannelStatus, ChannelType } from '@relaygate/contract';
import type { Insertable, Updateable } from 'kysely';
import { channelTypeInfo } from '../../providers/channel-types.ts';
import type { ChannelRecord } from '../../store/channels.ts';
import type { ChannelsTable } from '../../store/schema.ts';
import { ApiError } from '../errors.ts';
import {
  MAX_TEXT,
  checkPriority,
  checkWeight,
  keyLines,
  normalizeBaseUrl,
  normalizeGroups,
  normalizeJsonObject,
  normalizeModelMapping,
  normalizeModels,
  normalizeStatusCodeMapping,
} from './channel-rules.ts';
import type { ChannelInput } from './schemas.ts';
import { msg } from '../../i18n/text.ts';

export type ChannelFields = Updateable<ChannelsTable>;

const MAX_BATCH = 1000;

/** Optional text: null clears it (''). */
const plain = (value: string | null) => (value ?? '').trim();

function checkType(type: number): number {
  if (!channelTypeInfo(type)) throw new ApiError(msg('channel.unknownType', { type }));
  return type;
}

function checkStatus(status: number): number {
  if (status !== ChannelStatus.Enabled && status !== ChannelStatus.ManuallyDisabled) {
    throw new ApiError(msg('field.enabledOrDisabled'));
  }
  return status;
}

function checkKey(key: string): string {
  if (key.length > MAX_TEXT) throw new ApiError(msg('channel.keyTooLongEach', { max: MAX_TEXT }));
  return key;
}

/**
 * A key no format of its type takes (a Bedrock key without its region): refused, naming the
 * formats, rather than saved to be refused on every call. Each line of a multi-key channel is
 * judged; a type with a free-form format (an API key) takes any.
 */
function checkKeyFormat(key: string, type: number): void {
  const info = channelTypeInfo(type);
  if (!info || info.keyFormats.some((format) => format.pattern === undefined)) return;
  const patterns = info.keyFormats.map((format) => new RegExp(format.pattern!));
  const keys = info.keyFormats.every((format) => format.multiline) ? [key.trim()] : keyLines(key);
  if (keys.every((line) => patterns.some((pattern) => pattern.test(line)))) return;
  const hints = info.keyFormats.map((format) => format.hint);
  throw new ApiError(
    msg('channel.keyFormat', {
      type: info.name,
      formats: {
        en: hints.map((hint) => hint.en).join(' or '),
        zh: hints.map((hint) => hint.zh).join(' 或 '),
      },
    }),
  );
}

/** Each field the input carries, validated and normalised as it will be stored. */
export function normalizeChannelFields(input: ChannelInput): ChannelFields {
  const fields: ChannelFields = {};
  if (input.type !== undefined) fields.type = checkType(input.type);
  if (input.name !== undefined) fields.name = plain(input.name);
  if (input.key !== undefined) fields.key = plain(input.key);
  for (const column of ['openai_organization', 'test_model', 'other', 'remark'] as const) {
    if (input[column] !== undefined) fields[column] = plain(input[column]);
  }
  if (input.tag !== undefined) fields.tag = plain(input.tag) || null;
  if (input.base_url !== undefined) fields.base_url = normalizeBaseUrl(input.base_url ?? '');
  if (input.models !== undefined && input.models !== null) fields.models = normalizeModels(input.models);
  const groups = typeof input.group === 'string' ? input.group : input.groups;
  if (groups !== undefined && groups !== null) fields.group = normalizeGroups(groups);
  if (input.model_mapping !== undefined)
    fields.model_mapping = normalizeModelMapping(input.model_mapping ?? '');
  if (input.status_code_mapping !== undefined) {
    fields.status_code_mapping = normalizeStatusCodeMapping(input.status_code_mapping ?? '');
  }
  if (input.setting !== undefined)
    fields.setting = normalizeJsonObject(input.setting ?? '', msg('channel.field.setting'));
  if (input.param_override !== undefined) {
    fields.param_override = normalizeJsonObject(
      input.param_override ?? '',
      msg('channel.field.paramOverride'),
    );
  }
  if (input.header_override !== undefined) {
    fields.header_override = normalizeJsonObject(
      input.header_override ?? '',
      msg('channel.field.headerOverride'),
    );
  }
  if (input.priority !== undefined) fields.priority = checkPriority(input.priority);
  if (input.weight !== undefined) fields.weight = checkWeight(input.weight);
  if (input.max_input_tokens !== undefined) {
    if (input.max_input_tokens < 0 || input.max_input_tokens > 2_147_483_647) {
      throw new ApiError(msg('channel.maxInputTokens'));
    }
    fields.max_input_tokens = input.max_input_tokens;
  }
  if (input.concurrency_limit !== undefined) {
    if (input.concurrency_limit < 0 || input.concurrency_limit > 1_000_000_000) {
      throw new ApiError(msg('channel.concurrencyLimit'));
    }
    fields.concurrency_limit = input.concurrency_limit;
  }
  if (input.auto_ban !== undefined && input.auto_ban !== null) {
    if (input.auto_ban !== true && input.auto_ban !== false && input.auto_ban !== 0 && input.auto_ban !== 1) {
      throw new ApiError(msg('channel.autoBanField'));
    }
    fields.auto_ban = input.auto_ban === true || input.auto_ban === 1 ? 1 : 0;
  }
  if (input.status !== undefined) fields.status = checkStatus(input.status);
  return fields;
}

/** Rules across fields, on the channel as it will be, from the type's catalogue entry: a required base URL (Azure), a default version (Spark). */
function crossFieldChanges(channel: {
  type?: number;
  base_url?: string | null;
  other?: string | null;
}): ChannelFields {
  const info = channel.type === undefined ? undefined : channelTypeInfo(channel.type);
  if (info?.baseUrlRequired && !channel.base_url) {
    throw new ApiError(msg('channel.baseUrlRequired', { name: info.name }));
  }
  const defaultOther = info?.other?.default;
  if (defaultOther && !channel.other) return { other: defaultOther };
  return {};
}

/** POST /api/channel/: the rows to insert, one per key line in batch mode. */
export function newChannelRows(
  input: ChannelInput,
  mode: 'single' | 'batch',
  now: number,
): Insertable<ChannelsTable>[] {
  const fields = normalizeChannelFields(input);
  if (!fields.name || !fields.key) throw new ApiError(msg('channel.nameAndKey'));
  if (fields.models === undefined)
    throw new ApiError(msg('channel.selectAtLeastOne', { what: msg('channel.word.model') }));
  const keys = mode === 'batch' ? keyLines(fields.key) : [fields.key];
  if (keys.length > MAX_BATCH) throw new ApiError(msg('channel.batchTooLarge', { max: MAX_BATCH }));
  keys.forEach(checkKey);
  const base = {
    type: ChannelType.OpenAI,
    auto_ban: 1,
    group: 'default',
    priority: 0,
    weight: 0,
    status: ChannelStatus.Enabled,
    ...fields,
    created_time: now,
  };
  for (const key of keys) checkKeyFormat(key, base.type);
  const row = { ...base, ...crossFieldChanges(base) };
  return keys.map((key) => ({ ...row, key, name: fields.name as string, models: fields.models as string }));
}

const SINGLE_FIELD_FORMS = new Set(['id', 'status', 'priority', 'weight']);

/**
 * PUT /api/channel/: what changes, given the stored channel and the body. An empty or absent key
 * keeps the stored one. `status` counts only in the short forms ({id, status}, {id, priority}, …):
 * the edit form echoes back the status it loaded, which must not undo a change made since.
 */
export function channelChanges(
  stored: ChannelRecord,
  input: ChannelInput,
  bodyKeys: string[],
): { changes: ChannelFields; status?: number } {
  const fields = normalizeChannelFields(input);
  if (fields.name === '') throw new ApiError(msg('channel.nameEmpty'));
  if (fields.key === '') delete fields.key;
  if (fields.key !== undefined) checkKey(fields.key);
  const { status, ...changes } = fields;
  if (changes.key !== undefined || changes.type !== undefined)
    checkKeyFormat(changes.key ?? stored.key, changes.type ?? stored.type);
  if ('type' in changes || 'base_url' in changes || 'other' in changes) {
    Object.assign(changes, crossFieldChanges({ ...stored, ...changes }));
  }
  const shortForm = bodyKeys.every((key) => SINGLE_FIELD_FORMS.has(key));
  return shortForm && status !== undefined && status !== stored.status ? { changes, status } : { changes };
}
