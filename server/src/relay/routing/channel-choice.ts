import type { RoutableChannel } from '../../cache/channel-index.ts';
import type { NowOrLater } from '../../cache/now-or-later.ts';

/**
 * Picks the channel for one attempt. Attempt k starts at the k-th highest priority tier (the
 * lowest tier once k runs past them) and a channel already tried in this request is never picked
 * again: when a tier has none left, the next lower tier with an untried channel is used, then
 * higher ones. Inside a tier the pick is weighted random; all weights 0 means uniform.
 */
export function chooseChannel(
  candidates: RoutableChannel[],
  tried: ReadonlySet<number>,
  attempt: number,
  random: () => number = Math.random,
): RoutableChannel | undefined {
  const untried = candidates.filter((c) => !tried.has(c.id));
  if (untried.length === 0) return undefined;
  const tiers = [...new Set(candidates.map((c) => c.priority))].sort((a, b) => b - a);
  const start = Math.min(attempt, tiers.length - 1);
  const order = [...tiers.slice(start), ...tiers.slice(0, start).reverse()];
  for (const priority of order) {
    const tier = untried.filter((c) => c.priority === priority);
    if (tier.length > 0) return weightedPick(tier, random);
  }
  return undefined;
}

export function weightedPick(channels: RoutableChannel[], random: () => number): RoutableChannel {
  const total = channels.reduce((sum, c) => sum + c.weight, 0);
  if (total === 0) return channels[Math.floor(random() * channels.length)] ?? channels[0]!;
  let point = random() * total;
  for (const channel of channels) {
    point -= channel.weight;
    if (point < 0) return channel;
  }
  return channels[channels.length - 1]!;
}

/** Follows model_mapping chains (a→b→c) to the name sent upstream; a cycle is an error. */
export function mapModel(model: string, mapping: Record<string, string>): string {
  const seen = new Set([model]);
  let current = model;
  while (mapping[current] !== undefined && mapping[current] !== '' && mapping[current] !== current) {
    current = mapping[current]!;
    if (seen.has(current)) throw new Error(`model_mapping contains a cycle at ${current}`);
    seen.add(current);
  }
  return current;
}

/** A channel picked for an attempt, with its concurrency slot (give it back when the attempt ends). */
export type FreeChannel =
  { channel: RoutableChannel; release: () => void } | { channel: undefined; allFull: boolean };

/**
 * chooseChannel, skipping channels `admit` refuses (an open circuit breaker) and those whose
 * concurrency cap is reached right now (`hold` answers null for those): the next one in the same
 * order is tried instead. `allFull` says that no channel was left only because the free ones
 * were all full.
 */
export function chooseFreeChannel(
  candidates: RoutableChannel[],
  tried: readonly number[],
  attempt: number,
  hold: (channel: RoutableChannel) => NowOrLater<(() => void) | null>,
  admit: (channel: RoutableChannel) => boolean = () => true,
): NowOrLater<FreeChannel> {
  const skip = new Set(tried);
  let full = false;
  // At once while every slot answers at once (no cap, or a cap counted here); else from there on, later.
  const from = (channel: RoutableChannel | undefined): NowOrLater<FreeChannel> => {
    for (; channel; channel = chooseChannel(candidates, skip, attempt)) {
      skip.add(channel.id);
      if (!admit(channel)) continue;
      const held = hold(channel);
      const picked = channel;
      if (held instanceof Promise) return held.then((release) => took(picked, release));
      if (held) return { channel, release: held };
      full = true;
    }
    return { channel: undefined, allFull: full };
  };
  const took = (channel: RoutableChannel, release: (() => void) | null): NowOrLater<FreeChannel> => {
    if (release) return { channel, release };
    full = true;
    return from(chooseChannel(candidates, skip, attempt));
  };
  return from(chooseChannel(candidates, skip, attempt));
}
