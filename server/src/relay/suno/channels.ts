import { ChannelStatus } from '@relaygate/contract';
import type { FastifyInstance } from 'fastify';
import type { RoutableChannel } from '../../cache/channel-index.ts';
import { msg } from '../../i18n/text.ts';
import { findOwnTask, type TaskRow } from '../../store/platform-tasks.ts';
import type { Caller } from '../call/caller.ts';
import { taskChannelFor, taskChannelTypes, type TaskChannels } from '../tasks/task-channels.ts';
import { sunoBadRequest, sunoError } from './wire.ts';

/** The platform of Suno's rows in the tasks table (new-api's TaskPlatformSuno). */
export const SUNO_PLATFORM = 'suno';

/** The channel types speaking new-api's Suno task API, as the catalogue says: Suno API (36). */
export const SUNO_CHANNEL_TYPES = taskChannelTypes('suno');

/** A channel for a new task: the caller's group's Suno channels serving the action's model. */
export async function channelForNewTask(
  app: FastifyInstance,
  caller: Caller,
  model: string,
): Promise<TaskChannels> {
  const channels = await taskChannelFor(app, caller, model, SUNO_CHANNEL_TYPES);
  if (!channels) throw sunoError(503, 'model_not_found', msg('suno.noChannel', { model }));
  return channels;
}

/**
 * The caller's own earlier task a continuation extends. Another user's task is not found, exactly
 * like an unknown id (new-api's task_not_exist).
 */
export async function originTask(app: FastifyInstance, caller: Caller, taskId: string): Promise<TaskRow> {
  const origin = await findOwnTask(app.store.db, SUNO_PLATFORM, caller.userId, taskId);
  if (!origin) throw sunoBadRequest(msg('suno.taskNotExist'), 'task_not_exist');
  return origin;
}

/** A continuation goes to the channel holding the original task (only it knows the clip). */
export function originChannel(app: FastifyInstance, origin: TaskRow): RoutableChannel {
  const channel = app.channels.get(Number(origin.channel_id));
  if (!channel) throw sunoBadRequest(msg('suno.originChannelGone'), 'channel_not_found');
  if (channel.row.status !== ChannelStatus.Enabled)
    throw sunoBadRequest(msg('suno.originChannelDisabled'), 'task_channel_disable');
  return channel;
}
