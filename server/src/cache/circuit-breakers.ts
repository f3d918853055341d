import type { BreakerStates } from './breaker-states.ts';
import { localBus, type BreakerEvent, type BreakerSnapshot, type ChangeBus } from './change-bus.ts';

/**
 * Circuit breakers per channel × model. A breaker opens after `failures` failures within
 * `windowMs`; while open the channel is skipped for that model without a call; once its cool-down
 * has passed, one caller is let through as the probe (half-open): success closes it, failure
 * opens it again with the cool-down doubled (up to `maxCooldownMs`).
 *
 * The state is in memory: admitting a call is two Map lookups, and a call that succeeds on a
 * closed breaker touches nothing else. Failures and state changes (rare) go to every other
 * process and node through the change bus (Redis pub/sub when configured), so all converge.
 */

export type BreakerState = 'closed' | 'open' | 'half_open';

export interface BreakerPolicy {
  failures: number;
  windowMs: number;
  cooldownMs: number;
  maxCooldownMs: number;
}

/** What a caller may do with a channel for a model right now. */
/** What one node's verdict did to a breaker: opened it, opened it again after a failed probe, or closed it. */
export type BreakerChange = 'opened' | 'reopened' | 'closed';

export type Admission = 'pass' | 'probe' | 'open';

/** A breaker that is not closed, as the console shows it. */
export interface BreakerView {
  channelId: number;
  model: string;
  state: BreakerState;
  /** Unix ms when it opened (or last changed state). */
  since: number;
  /** Unix ms after which the next probe may go. */
  retryAt: number;
  lastError: string;
}

interface Entry extends BreakerSnapshot {
  /** Failure times within the window (closed breakers only). */
  failures: number[];
}

const closedEntry = (): Entry => ({
  open: false,
  failures: [],
  since: 0,
  retryAt: 0,
  cooldownMs: 0,
  probeUntil: 0,
  lastError: '',
  changedAt: 0,
});

const MAX_ERROR_LENGTH = 300;

/** The policy for restored states, which carry no failures to count. */
const NEVER_OPENS: BreakerPolicy = { failures: Infinity, windowMs: 0, cooldownMs: 0, maxCooldownMs: 0 };

export class CircuitBreakers {
  private readonly byChannel = new Map<number, Map<string, Entry>>();
  private readonly bus: ChangeBus;
  private readonly now: () => number;
  private readonly states: BreakerStates | undefined;

  constructor(bus: ChangeBus = localBus, now: () => number = Date.now, states?: BreakerStates) {
    this.bus = bus;
    this.now = now;
    this.states = states;
  }

  /** Takes the breakers open now from where they are kept (Redis), for a node that just started. */
  async restore(): Promise<void> {
    for (const event of (await this.states?.load()) ?? []) this.apply(event, () => NEVER_OPENS);
  }

  private entry(channelId: number, model: string): Entry | undefined {
    return this.byChannel.get(channelId)?.get(model);
  }

  private ensure(channelId: number, model: string): Entry {
    let models = this.byChannel.get(channelId);
    if (!models) this.byChannel.set(channelId, (models = new Map()));
    let entry = models.get(model);
    if (!entry) models.set(model, (entry = closedEntry()));
    return entry;
  }

  /** The hot path: whether a call may go to this channel for this model (taking the probe if due). */
  admit(channelId: number, model: string): Admission {
    const entry = this.entry(channelId, model);
    if (!entry?.open) return 'pass';
    const now = this.now();
    if (now < entry.retryAt || now < entry.probeUntil) return 'open';
    entry.probeUntil = now + Math.max(entry.cooldownMs, 1000);
    this.publish(channelId, model, entry);
    return 'probe';
  }

  /** A call on this channel and model succeeded: a probe closes the breaker; otherwise nothing. */
  succeeded(channelId: number, model: string): BreakerChange | undefined {
    const entry = this.entry(channelId, model);
    if (!entry?.open) return undefined;
    Object.assign(entry, closedEntry(), { changedAt: entry.changedAt });
    this.publish(channelId, model, entry);
    return 'closed';
  }

  /** The probe ended with no verdict (the caller left, or its own request was refused): free it. */
  released(channelId: number, model: string): void {
    const entry = this.entry(channelId, model);
    if (!entry?.open || entry.probeUntil === 0) return;
    entry.probeUntil = 0;
    this.publish(channelId, model, entry);
  }

  /** A failure that counts against the channel: may open the breaker, or reopen it for longer. */
  failed(channelId: number, model: string, error: string, policy: BreakerPolicy): BreakerChange | undefined {
    const at = this.now();
    const lastError = error.slice(0, MAX_ERROR_LENGTH);
    const entry = this.ensure(channelId, model);
    if (entry.open && entry.probeUntil === 0) {
      // A call let through before the breaker opened: it is open already, for as long as it was.
      entry.lastError = lastError;
      return undefined;
    }
    if (entry.open) {
      // The probe failed: open again, for longer.
      const cooldownMs = Math.min(Math.max(entry.cooldownMs * 2, policy.cooldownMs), policy.maxCooldownMs);
      this.openEntry(entry, at, cooldownMs, lastError);
      this.publish(channelId, model, entry);
      return 'reopened';
    }
    if (this.count(entry, at, lastError, policy)) {
      this.publish(channelId, model, entry);
      return 'opened';
    }
    this.bus.publish({ kind: 'breaker', channel: channelId, model, failure: { at, error: lastError } });
    return undefined;
  }

  /** Counts one failure in the window; answers whether that opened the breaker. */
  private count(entry: Entry, at: number, lastError: string, policy: BreakerPolicy): boolean {
    entry.failures = entry.failures.filter((t) => t > at - policy.windowMs);
    entry.failures.push(at);
    entry.lastError = lastError;
    if (entry.failures.length < Math.max(1, policy.failures)) return false;
    this.openEntry(entry, at, policy.cooldownMs, lastError);
    return true;
  }

  private openEntry(entry: Entry, at: number, cooldownMs: number, lastError: string): void {
    entry.open = true;
    entry.failures = [];
    entry.since = at;
    entry.cooldownMs = cooldownMs;
    entry.retryAt = at + cooldownMs;
    entry.probeUntil = 0;
    entry.lastError = lastError;
  }

  private publish(channelId: number, model: string, entry: Entry): void {
    entry.changedAt = Math.max(this.now(), entry.changedAt + 1);
    const { open, since, retryAt, cooldownMs, probeUntil, lastError, changedAt } = entry;
    const event: BreakerEvent = {
      kind: 'breaker',
      channel: channelId,
      model,
      state: { open, since, retryAt, cooldownMs, probeUntil, lastError, changedAt },
    };
    this.bus.publish(event);
    this.states?.save(event);
  }

  /**
   * Another process's failure or state change. A failure counts here too (with this node's policy,
   * so every node opens at the same count); a state replaces this node's.
   */
  apply(event: BreakerEvent, policy: (channelId: number) => BreakerPolicy): void {
    if (event.state) {
      const entry = this.ensure(event.channel, event.model);
      if (event.state.changedAt > entry.changedAt) Object.assign(entry, event.state, { failures: [] });
      return;
    }
    if (!event.failure) return;
    const entry = this.ensure(event.channel, event.model);
    if (!entry.open) this.count(entry, event.failure.at, event.failure.error, policy(event.channel));
  }

  /** Every breaker that is not closed, for the console. */
  list(channelId?: number): BreakerView[] {
    const views: BreakerView[] = [];
    const now = this.now();
    for (const [id, models] of this.byChannel) {
      if (channelId !== undefined && id !== channelId) continue;
      for (const [model, entry] of models) {
        if (!entry.open) continue;
        const state: BreakerState = now >= entry.retryAt ? 'half_open' : 'open';
        views.push({
          channelId: id,
          model,
          state,
          since: entry.since,
          retryAt: entry.retryAt,
          lastError: entry.lastError,
        });
      }
    }
    return views;
  }
}
