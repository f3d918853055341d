import type { FastifyInstance } from 'fastify';
import type { RoutableChannel } from '../cache/channel-index.ts';
import type { Caller } from './caller.ts';
import { routableChannels } from './channel-candidates.ts';
import { priceFor, type Price } from './pricing.ts';
import { RelayError } from './relay-error.ts';

/** One model a call may be served as: its channels and its price. */
export interface ModelStep {
  model: string;
  candidates: RoutableChannel[];
  price: Price;
}

/**
 * The ModelFallbacks option: model → the models to try, in order, when no channel of the model
 * could serve. A fallback the key may not use, that no channel serves, or that has no price is
 * passed over; a call pinned to one channel has none.
 */
export function* fallbackSteps(
  app: Pick<FastifyInstance, 'settings' | 'channels'>,
  caller: Caller,
  first: ModelStep,
): Generator<ModelStep> {
  yield first;
  if (caller.pinnedChannelId !== undefined) return;
  const table = app.settings.json<Record<string, string[]>>('ModelFallbacks');
  const fallbacks = Object.hasOwn(table, first.model) ? table[first.model]! : [];
  for (const model of fallbacks) {
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
  if (caller.pinnedChannelId !== undefined) return false;
  const table = app.settings.json<Record<string, string[]>>('ModelFallbacks');
  return Object.hasOwn(table, model) && table[model]!.length > 0;
}
