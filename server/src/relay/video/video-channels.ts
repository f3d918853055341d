import { ChannelStatus, ChannelType } from '@relaygate/contract';
import type { FastifyInstance } from 'fastify';
import type { RoutableChannel } from '../../cache/channel-index.ts';
import { msg } from '../../i18n/text.ts';
import { CHANNEL_TYPES, channelTypeInfo } from '../../providers/channel-types.ts';
import type { TaskRow } from '../../store/video-tasks.ts';
import type { Caller } from '../call/caller.ts';
import { RelayError } from '../call/relay-error.ts';
import { taskChannelFor, type TaskChannels } from '../tasks/task-channels.ts';

/** Whether a channel type speaks OpenAI's Videos API (the OpenAI family: Sora through OpenAI and its resellers). */
export const servesSora = (type: number): boolean => type === 0 || channelTypeInfo(type)?.family === 'openai';

/** Kling (new-api's channel type 50). */
export const KLING_TYPE: number = ChannelType.Kling;

/** Vidu (52); Doubao's Seedance through VolcEngine Ark (54, and the VolcEngine chat type 45 as new-api). */
export const VIDU_TYPE: number = ChannelType.Vidu;
export const SEEDANCE_TYPES: readonly number[] = [ChannelType.DoubaoVideo, ChannelType.VolcEngine];

/** MiniMax (35): its chat is OpenAI's, its videos Hailuo's (new-api's hailuo adaptor). */
export const MINIMAX_TYPE: number = ChannelType.MiniMax;

/** Alibaba (17): its chat is OpenAI's, its videos Wan's through DashScope (new-api's ali task adaptor). */
export const ALI_TYPE: number = ChannelType.Ali;

/** Veo through Gemini (24) and Vertex AI (41). */
export const GEMINI_TYPE: number = ChannelType.Gemini;
export const VERTEX_TYPE: number = ChannelType.VertexAI;

/** Whether a channel type makes videos: Sora through OpenAI-type channels, Kling, Veo, Vidu and Seedance. */
export const servesVideo = (type: number): boolean =>
  servesSora(type) || [KLING_TYPE, GEMINI_TYPE, VERTEX_TYPE, VIDU_TYPE, ...SEEDANCE_TYPES].includes(type);

/** The channel types whose tasks are videos (the platform of their rows is the type's id, as new-api's). */
export const VIDEO_PLATFORMS: readonly string[] = [
  '0',
  ...CHANNEL_TYPES.filter((t) => servesVideo(t.id)).map((t) => String(t.id)),
];

/**
 * Channels for a new video: the caller's group's channels serving the model whose type serves
 * videos on this route, the first picked as calls are (priority, then weight).
 */
export async function channelsForVideo(
  app: FastifyInstance,
  caller: Caller,
  model: string,
  serves: (type: number) => boolean,
): Promise<TaskChannels> {
  const channels = await taskChannelFor(app, caller, model, serves);
  if (!channels) {
    throw new RelayError(503, msg('video.noChannel', { model, group: caller.group }), 'model_not_found');
  }
  return channels;
}

/** The channel holding a task (only it knows the task), while it is enabled. */
export function taskChannel(app: FastifyInstance, row: TaskRow): RoutableChannel {
  const channel = app.channels.get(Number(row.channel_id));
  if (!channel || channel.row.status !== ChannelStatus.Enabled) {
    throw new RelayError(503, msg('video.channelGone'), 'channel_not_available');
  }
  return channel;
}

/** The name a channel knows the model by (its model mapping), else the model's own. */
export const upstreamModelOf = (channel: RoutableChannel, model: string): string =>
  channel.modelMapping[model] || model;
