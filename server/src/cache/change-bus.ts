/** A change made by the console that every process holding a cache must apply. */
export type ChangeEvent =
  | { kind: 'token'; key: string }
  | { kind: 'user'; id: number }
  | { kind: 'channels' }
  | { kind: 'option'; key: string }
  /** Someone opened the dashboard: write the roll-up counted so far, so it shows every process's calls. */
  | { kind: 'dashboard' }
  /** A circuit breaker's failure or new state (circuit-breakers.ts). */
  | BreakerEvent
  /** Forget and reload everything: sent to oneself after the node bus was down and events may be lost. */
  | { kind: 'all' };

/** A breaker's state (channel × model) as every node keeps it and the bus carries it. */
export interface BreakerSnapshot {
  open: boolean;
  /** Unix ms when it opened (or last changed state). */
  since: number;
  /** Unix ms after which the next probe may go. */
  retryAt: number;
  cooldownMs: number;
  /** A probe is out until this time (its node gives its verdict, or it is taken again after). */
  probeUntil: number;
  lastError: string;
  /**
   * When the state last changed, strictly increasing: a state from another node is taken only if
   * newer, since the bus may deliver two changes out of order (NOTIFY on two connections).
   */
  changedAt: number;
}

/** A failure counted against a channel for a model, or the breaker's whole state after a change. */
export interface BreakerEvent {
  kind: 'breaker';
  channel: number;
  model: string;
  failure?: { at: number; error: string };
  state?: BreakerSnapshot;
}

/**
 * Carries cache invalidations between the processes of one gateway (cluster workers) and, with
 * a node bus (node-bus.ts), between gateways on one database, so a disabled key or a changed
 * price takes effect everywhere at once, not at the next resync.
 */
export interface ChangeBus {
  publish(event: ChangeEvent): void;
  subscribe(handler: (event: ChangeEvent) => void): void;
}

/** One process: nothing to tell anyone. */
export const localBus: ChangeBus = { publish() {}, subscribe() {} };

const MESSAGE_TAG = 'relaygate:change';

/** A cluster worker: events go to the primary, which passes them to every other worker. */
export function clusterWorkerBus(): ChangeBus {
  return {
    publish(event) {
      process.send?.({ tag: MESSAGE_TAG, event });
    },
    subscribe(handler) {
      process.on('message', (message: { tag?: string; event?: ChangeEvent }) => {
        if (message?.tag === MESSAGE_TAG && message.event) handler(message.event);
      });
    },
  };
}

/** In the primary: relays each worker's events to all the others. */
export function relayBetweenWorkers(
  workers: () => Iterable<{ id: number; send(message: unknown): boolean }>,
) {
  return (fromId: number, message: { tag?: string; event?: ChangeEvent }): void => {
    if (message?.tag !== MESSAGE_TAG) return;
    for (const worker of workers()) if (worker.id !== fromId) worker.send(message);
  };
}
