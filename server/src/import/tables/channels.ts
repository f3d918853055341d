import type { Transaction } from 'kysely';
import { channelTypeInfo, typeIsServed } from '../../providers/channel-types.ts';
import { abilityRowsOf } from '../../store/abilities-sync.ts';
import type { Database } from '../../store/schema.ts';
import type { TableImport, TargetRow } from '../copy-table.ts';
import { float, int, jsonText, RowSkip, text, textOrNull, type SourceRow } from '../values.ts';
import { fromOneApiType } from './one-api-channel-types.ts';

/** The abilities table's own column widths: a longer group or model cannot be routed by it. */
const ABILITY_GROUP_MAX = 64;
const ABILITY_MODEL_MAX = 255;

const RELAYGATE_CHANNEL_COLUMNS = [
  'max_input_tokens',
  'address_trusted',
  'concurrency_limit',
  'test_outcome',
  'test_error',
  'test_error_text',
];

/**
 * channels: new-api's columns are ours (keys, multi-key state in channel_info, mappings, groups,
 * priority, weight, tag, auto-ban, status and other_info's disable reason). one-api differs: other
 * type numbers, a `config` JSON (api_version, region, plugin, library_id; AWS ak/sk; Vertex ADC)
 * where new-api uses `other` and the key, and `system_prompt`, which new-api keeps in `setting`.
 */
export const channelsImport: TableImport = {
  table: 'channels',
  reads: [
    'id',
    'type',
    'key',
    'openai_organization',
    'test_model',
    'status',
    'name',
    'weight',
    'created_time',
    'test_time',
    'response_time',
    'base_url',
    'other',
    'balance',
    'balance_updated_time',
    'models',
    'group',
    'used_quota',
    'model_mapping',
    'status_code_mapping',
    'priority',
    'auto_ban',
    'other_info',
    'tag',
    'setting',
    'param_override',
    'header_override',
    'remark',
    'channel_info',
    'settings',
    'config',
    'system_prompt',
    ...RELAYGATE_CHANNEL_COLUMNS,
  ],
  map(row, context) {
    const typed =
      context.flavour === 'one-api' ? oneApiChannel(row) : { type: int(row.type), baseUrl: undefined };
    const info = channelTypeInfo(typed.type);
    if (!info) throw new RowSkip(`channel type ${int(row.type)} is not one Relaygate can serve`);
    if (info.family === 'retired')
      context.report.warn('channels', `type ${info.id} (${info.name}) is retired: listed, calls refused`);
    else if (!typeIsServed(info))
      context.report.warn(
        'channels',
        `type ${info.id} (${info.name}) is not served yet: listed, calls refused`,
      );
    const channel = {
      id: int(row.id),
      type: typed.type,
      key: text(row.key),
      openai_organization: textOrNull(row.openai_organization),
      test_model: textOrNull(row.test_model),
      status: int(row.status, 1),
      name: text(row.name),
      weight: int(row.weight),
      created_time: int(row.created_time),
      test_time: int(row.test_time),
      response_time: int(row.response_time),
      base_url: text(row.base_url) || typed.baseUrl || '',
      other: textOrNull(row.other),
      balance: float(row.balance),
      balance_updated_time: int(row.balance_updated_time),
      models: textOrNull(row.models),
      group: text(row.group, 'default') || 'default',
      used_quota: int(row.used_quota),
      model_mapping: textOrNull(row.model_mapping),
      status_code_mapping: textOrNull(row.status_code_mapping),
      priority: int(row.priority),
      auto_ban: int(row.auto_ban, 1),
      other_info: textOrNull(row.other_info),
      tag: textOrNull(row.tag),
      setting: jsonText(row.setting),
      param_override: textOrNull(row.param_override),
      header_override: textOrNull(row.header_override),
      remark: textOrNull(row.remark),
      channel_info: jsonText(row.channel_info),
      settings: jsonText(row.settings),
      // Ours only (a backup made by npm run export); new-api's channels were set up by its root.
      max_input_tokens: int(row.max_input_tokens),
      address_trusted: int(row.address_trusted, 1),
      concurrency_limit: int(row.concurrency_limit),
      test_outcome: int(row.test_outcome),
      test_error: textOrNull(row.test_error),
      test_error_text: textOrNull(row.test_error_text),
    };
    return context.flavour === 'one-api' ? withOneApiConfig(channel, row) : channel;
  },
  afterInsert: insertAbilities,
};

function oneApiChannel(row: SourceRow): { type: number; baseUrl?: string } {
  const mapped = fromOneApiType(int(row.type));
  if (!mapped) throw new RowSkip(`one-api channel type ${int(row.type)} has no new-api counterpart`);
  return mapped;
}

/** one-api's `config` JSON and `system_prompt`, put where new-api keeps them. */
function withOneApiConfig(channel: TargetRow, row: SourceRow): TargetRow {
  let config: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text(row.config) || '{}');
    if (parsed && typeof parsed === 'object') config = parsed as Record<string, unknown>;
  } catch {
    throw new RowSkip('a one-api channel whose config is not JSON');
  }
  const value = (name: string) => text(config[name]).trim();
  const other =
    text(channel.other) || value('api_version') || value('plugin') || value('library_id') || value('region');
  let key = channel.key as string;
  if (channel.type === 33 && value('ak') && value('sk'))
    key = `${value('ak')}|${value('sk')}|${value('region')}`;
  if (channel.type === 41 && value('vertex_ai_adc')) key = value('vertex_ai_adc');
  const systemPrompt = text(row.system_prompt).trim();
  return {
    ...channel,
    key,
    other: other || null,
    setting: systemPrompt ? JSON.stringify({ system_prompt: systemPrompt }) : channel.setting,
  };
}

/** The abilities rebuilt from the channels, as saving a channel here does. */
async function insertAbilities(trx: Transaction<Database>, channels: TargetRow[]): Promise<void> {
  for (const channel of channels) {
    const rows = abilityRowsOf({
      id: channel.id,
      group: channel.group,
      models: channel.models,
      status: channel.status,
      priority: channel.priority,
      weight: channel.weight,
      tag: channel.tag,
    }).filter(
      (ability) => ability.group.length <= ABILITY_GROUP_MAX && ability.model.length <= ABILITY_MODEL_MAX,
    );
    for (let i = 0; i < rows.length; i += 100) {
      await trx
        .insertInto('abilities')
        .values(rows.slice(i, i + 100))
        .execute();
    }
  }
}
