import { ChannelStatus } from '@relaygate/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdmin } from '../../auth/guard.ts';
import { splitList } from '../../store/list-column.ts';
import { setChannelStatus } from '../../store/channel-status.ts';
import { channelsByIds, channelsWithTag, updateChannels, type ChannelRecord } from '../../store/channels.ts';
import type { Db } from '../../store/db.ts';
import { ok } from '../envelope.ts';
import { ApiError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import type { ChannelFields } from './channel-form.ts';
import {
  checkPriority,
  checkWeight,
  normalizeGroups,
  normalizeJsonObject,
  normalizeModelMapping,
  normalizeModels,
  normalizeNames,
} from './channel-rules.ts';
import { batchTagSchema, tagEditSchema, tagSchema, type TagEdit } from './schemas.ts';
import { msg } from '../../i18n/text.ts';

/** A list that is absent or empty leaves the channels' own lists alone, as in new-api. */
const givenList = (value: string | string[] | null | undefined) =>
  value !== undefined && value !== null && normalizeNames(value).length > 0 ? value : undefined;

/** PUT /api/channel/tag: the changes the body asks for, each validated. */
export function tagChanges(edit: TagEdit): ChannelFields {
  const changes: ChannelFields = {};
  if (edit.new_tag !== undefined && edit.new_tag !== null)
    changes.tag = edit.new_tag === '' ? null : edit.new_tag;
  if (edit.model_mapping !== undefined && edit.model_mapping !== null) {
    changes.model_mapping = normalizeModelMapping(edit.model_mapping);
  }
  const models = givenList(edit.models);
  if (models !== undefined) changes.models = normalizeModels(models);
  const groups = givenList(edit.groups);
  if (groups !== undefined) changes.group = normalizeGroups(groups);
  if (edit.priority !== undefined) changes.priority = checkPriority(edit.priority);
  if (edit.weight !== undefined) changes.weight = checkWeight(edit.weight);
  if (edit.param_override !== undefined && edit.param_override !== null) {
    changes.param_override = normalizeJsonObject(edit.param_override, msg('channel.field.paramOverride'));
  }
  if (edit.header_override !== undefined && edit.header_override !== null) {
    changes.header_override = normalizeJsonObject(edit.header_override, msg('channel.field.headerOverride'));
  }
  return changes;
}

/** Whether applying the changes would alter any of these channels. */
export function anyChange(channels: ChannelRecord[], changes: ChannelFields): boolean {
  const entries = Object.entries(changes) as [keyof ChannelRecord, unknown][];
  return channels.some((channel) =>
    entries.some(([column, value]) => String(channel[column] ?? '') !== String(value ?? '')),
  );
}

async function taggedChannels(db: Db, tag: string): Promise<ChannelRecord[]> {
  const channels = await channelsWithTag(db, tag);
  if (channels.length === 0) throw new ApiError(msg('channel.noTag', { tag }));
  return channels;
}

/** Channel tags: enable or disable a tag's channels, edit them together, tag several at once. */
export const channelTagRoutes: FastifyPluginAsync = async (app) => {
  const { store } = app;
  const guarded = { onRequest: requireAdmin };

  for (const [action, status] of [
    ['enabled', ChannelStatus.Enabled],
    ['disabled', ChannelStatus.ManuallyDisabled],
  ] as const) {
    app.post(`/api/channel/tag/${action}`, guarded, async (request) => {
      const { tag } = parseInput(tagSchema, request.body);
      const channels = await taggedChannels(store.db, tag);
      for (const channel of channels) await setChannelStatus(store.db, channel.id, status);
      await app.channels.rebuild();
      return ok(channels.length);
    });
  }

  app.put('/api/channel/tag', guarded, async (request) => {
    const edit = parseInput(tagEditSchema, request.body);
    const changes = tagChanges(edit);
    const channels = await taggedChannels(store.db, edit.tag);
    if (!anyChange(channels, changes)) throw new ApiError(msg('channel.noChanges'));
    await updateChannels(
      store.db,
      channels.map((channel) => channel.id),
      changes,
    );
    await app.channels.rebuild();
    return ok(channels.length);
  });

  app.post('/api/channel/batch/tag', guarded, async (request) => {
    const { ids, tag } = parseInput(batchTagSchema, request.body);
    const channels = await channelsByIds(store.db, [...new Set(ids)]);
    if (channels.length === 0) throw new ApiError(msg('channel.notFound'));
    await updateChannels(
      store.db,
      channels.map((channel) => channel.id),
      { tag },
    );
    await app.channels.rebuild();
    return ok(channels.length);
  });

  /** Every model the tag's channels serve, as one comma list for the tag editor. */
  app.get('/api/channel/tag/models', guarded, async (request) => {
    const { tag } = parseInput(tagSchema, request.query);
    const channels = await taggedChannels(store.db, tag);
    return ok([...new Set(channels.flatMap((channel) => splitList(channel.models)))].join(','));
  });
};
