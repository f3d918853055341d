import { ChannelStatus } from '@relaygate/contract';
import type { FastifyInstance } from 'fastify';
import type { RoutableChannel } from '../../cache/channel-index.ts';
import { findOwnMidjourney, type MidjourneyRow } from '../../store/midjourney-queries.ts';
import type { Caller } from '../call/caller.ts';
import { taskChannelFor, taskChannelTypes, type TaskChannels } from '../tasks/task-channels.ts';
import { mjBadRequest, MjError, MJ_REQUEST_ERROR } from './wire.ts';

/** The channel types speaking midjourney-proxy, as the catalogue says: Midjourney Proxy (2) and its Plus (5). */
export const MIDJOURNEY_CHANNEL_TYPES = taskChannelTypes('midjourney');

/** A channel for a new drawing: the caller's group's midjourney-proxy channels serving the action's model. */
export async function channelForNewTask(
  app: FastifyInstance,
  caller: Caller,
  model: string,
): Promise<TaskChannels> {
  const channels = await taskChannelFor(app, caller, model, MIDJOURNEY_CHANNEL_TYPES);
  if (!channels) throw new MjError(MJ_REQUEST_ERROR, `no midjourney-proxy channel serves ${model}`, 503);
  return channels;
}

/**
 * The caller's own earlier task that a follow-up (upscale, variation, modal…) acts on. Another
 * user's task is not found, exactly like an unknown id; a failed task has nothing to act on, and
 * with MjActionCheckSuccessEnabled (new-api's default) only a finished one has (a modal answers
 * the task waiting for it).
 */
export async function originTask(
  app: FastifyInstance,
  caller: Caller,
  taskId: string,
  action: string,
): Promise<MidjourneyRow> {
  const origin = await findOwnMidjourney(app.store.db, caller.userId, taskId);
  if (!origin) throw mjBadRequest('task_not_found');
  if (origin.status === 'FAILURE') throw mjBadRequest('task_status_failure');
  if (app.settings.bool('MjActionCheckSuccessEnabled') && origin.status !== 'SUCCESS' && action !== 'MODAL')
    throw mjBadRequest('task_status_not_success');
  return origin;
}

/** A follow-up goes to the channel holding the original task (only it knows the task). */
export function originChannel(app: FastifyInstance, origin: MidjourneyRow): RoutableChannel {
  const channel = app.channels.get(Number(origin.channel_id));
  if (!channel) throw mjBadRequest('get_channel_info_failed');
  if (channel.row.status !== ChannelStatus.Enabled)
    throw mjBadRequest('the channel of this task is disabled');
  return channel;
}
