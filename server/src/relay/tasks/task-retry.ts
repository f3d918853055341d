import type { FastifyInstance } from 'fastify';
import type { RoutableChannel } from '../../cache/channel-index.ts';
import { chooseChannel } from '../routing/channel-choice.ts';

/**
 * A channel failed a submission in a way that is its own, not the caller's: no answer, or an
 * upstream status of 5xx or 429. Another channel of the model may take it; when none does,
 * `otherwise` says what the caller gets (it answers the outcome, or throws the error).
 */
export class ChannelFault<T> extends Error {
  readonly otherwise: () => T;
  constructor(otherwise: () => T) {
    super('the channel failed the submission');
    this.otherwise = otherwise;
  }
}

/** An upstream status that blames the channel: its own failure, or its limits. */
export const channelAtFault = (status: number): boolean => status >= 500 || status === 429;

/**
 * Sends a new task's submission to `first`, and on a ChannelFault to another of `candidates`
 * (the caller's group's channels of the platform serving the model, none tried twice), as the chat
 * relay does: RetryTimes more times at most, in priority tiers then by weight (relay/routing.ts).
 * The reservation made before is the same whichever channel takes it, so it is charged once.
 * A follow-up (no candidates) is sent to its channel only.
 */
export async function onTaskChannels<T>(
  app: FastifyInstance,
  first: RoutableChannel,
  candidates: RoutableChannel[] | undefined,
  attempt: (channel: RoutableChannel) => Promise<T>,
): Promise<T> {
  const retries = candidates ? app.settings.number('RetryTimes') : 0;
  const tried = new Set([first.id]);
  let channel = first;
  for (let retry = 0; ; retry++) {
    try {
      return await attempt(channel);
    } catch (error) {
      if (!(error instanceof ChannelFault)) throw error;
      const next = retry < retries ? chooseChannel(candidates!, tried, retry + 1) : undefined;
      if (!next) return (error as ChannelFault<T>).otherwise();
      app.log.warn({ channelId: channel.id, next: next.id }, 'a task submission moves to another channel');
      tried.add(next.id);
      channel = next;
    }
  }
}

/** A call to a channel whose failure (no answer, a refused address) is the channel's: a ChannelFault. */
export function blamingTheChannel<T>(call: Promise<T>): Promise<T> {
  return call.catch((error: unknown) => {
    throw new ChannelFault<never>(() => {
      throw error;
    });
  });
}
