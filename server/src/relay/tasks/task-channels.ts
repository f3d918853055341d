import type { FastifyInstance } from 'fastify';
import type { RoutableChannel } from '../../cache/channel-index.ts';
import { CHANNEL_TYPES, type ChannelTypeInfo } from '../../providers/channel-types.ts';
import type { Caller } from '../call/caller.ts';
import { candidatesFor } from '../routing/channel-candidates.ts';
import { chooseChannel } from '../routing/channel-choice.ts';

/** The task routes a channel type may be served by (the catalogue's `tasks` marker). */
export type TaskRoutes = NonNullable<ChannelTypeInfo['tasks']>;

/** The channel types the catalogue says these task routes serve. */
export const taskChannelTypes = (routes: TaskRoutes): ReadonlySet<number> =>
  new Set(CHANNEL_TYPES.filter(({ tasks }) => tasks === routes).map(({ id }) => id));

/** A new task's first channel, and the others it may move to (tasks/task-retry.ts). */
export interface TaskChannels {
  first: RoutableChannel;
  candidates: RoutableChannel[];
}

/**
 * Channels for a new task: the caller's group's channels of these types (or types it serves) serving the model, the
 * first picked as calls are (priority, then weight); undefined when the group has none.
 */
export async function taskChannelFor(
  app: FastifyInstance,
  caller: Caller,
  model: string,
  serves: ReadonlySet<number> | ((type: number) => boolean),
): Promise<TaskChannels | undefined> {
  const served = typeof serves === 'function' ? serves : (type: number) => serves.has(type);
  const candidates = (await candidatesFor(app.channels, caller, model)).filter((c) => served(c.type));
  const first = chooseChannel(candidates, new Set(), 0);
  return first && { first, candidates };
}
