import type { FastifyInstance } from 'fastify';
import type { RoutableChannel } from '../../cache/channel-index.ts';
import type { Caller } from '../call/caller.ts';
import { routableChannels } from './channel-candidates.ts';
import { priceFor, type Price } from '../billing/pricing.ts';
import { RelayError } from '../call/relay-error.ts';

/** One model a call may be served as: its channels and its price. */
export interface ModelStep {
  model: string;
  candidates: RoutableChannel[];
  price: Price;
}

/** The ModelFallbacks option: per model, one list for every group, or a list per group ("*": the others). */
export type FallbackTable = Record<string, string[] | Record<string, string[]>>;

/** The models to try, in order, after `model` for a caller in `group`. */
export function fallbacksFor(table: FallbackTable, model: string, group: string): string[] {
  const entry = Object.hasOwn(table, model) ? table[model]! : [];
  if (Array.isArray(entry)) return entry;
  return (Object.hasOwn(entry, group) ? entry[group] : entry['*']) ?? [];
}

const fallbackTable = (app: Pick<FastifyInstance, 'settings'>) =>
  app.settings.json<FallbackTable>('ModelFallbacks');

/**
 * The call's model, then its fallbacks (ModelFallbacks), tried in order when no channel of the
 * model before could serve. A fallback the key may not use, that no channel serves, or that has no
 * price is passed over; a call pinned to one channel has none.
 */
export function* fallbackSteps(
  app: Pick<FastifyInstance, 'settings' | 'channels'>,
  caller: Caller,
  first: ModelStep,
): Generator<ModelStep> {
  yield first;
  if (caller.pinnedChannelId !== undefined) return;
  for (const model of fallbacksFor(fallbackTable(app), first.model, caller.group)) {
    if (model === first.model || (caller.modelLimits && !caller.modelLimits.has(model))) continue;
    const candidates = routableChannels(app.channels, caller, model) ?? [];
    if (candidates.length === 0) continue;
    let price: Price;
    try {
      price = priceFor(app.settings, model, caller.group, caller.acceptUnsetRatio);
    } catch (error) {
      if (error instanceof RelayError) continue;
      throw error;
    }
    yield { model, candidates, price };
  }
}

/** Whether the model has fallbacks to try (so that finding no channel of its own is not final). */
export function hasFallbacks(app: Pick<FastifyInstance, 'settings'>, caller: Caller, model: string): boolean {
  return (
    caller.pinnedChannelId === undefined && fallbacksFor(fallbackTable(app), model, caller.group).length > 0
  );
}
