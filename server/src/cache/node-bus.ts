import { z } from 'zod';
import type { ChangeBus, ChangeEvent } from './change-bus.ts';

/** How changes travel between gateway nodes on one database. */
export type BusName = 'redis' | 'postgres';

/** One way of broadcasting text to every node (Redis pub/sub, PostgreSQL LISTEN/NOTIFY). */
export interface NodeTransport {
  readonly name: BusName;
  /** Whether messages flow right now. */
  readonly connected: boolean;
  /** Fire and forget: a lost connection drops the message (the periodic reload is the safety net). */
  publish(payload: string): void;
  /**
   * Starts listening; resolves once listening or after a short wait. `onResync` runs after each
   * reconnection, since messages sent while the connection was down are lost.
   */
  start(onMessage: (payload: string) => void, onResync: () => void): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL's NOTIFY payload must stay under 8000 bytes; events are far smaller, but never risk it. */
const MAX_PAYLOAD_BYTES = 7900;

const envelopeSchema = z.object({
  node: z.string().min(1),
  event: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('token'), key: z.string() }),
    z.object({ kind: z.literal('user'), id: z.number().int() }),
    z.object({ kind: z.literal('channels') }),
    z.object({ kind: z.literal('option'), key: z.string() }),
    z.object({ kind: z.literal('dashboard') }),
    z.object({ kind: z.literal('all') }),
    z.object({
      kind: z.literal('breaker'),
      channel: z.number().int(),
      model: z.string(),
      failure: z.object({ at: z.number(), error: z.string() }).optional(),
      state: z
        .object({
          open: z.boolean(),
          since: z.number(),
          retryAt: z.number(),
          cooldownMs: z.number(),
          probeUntil: z.number(),
          lastError: z.string(),
          changedAt: z.number(),
        })
        .optional(),
    }),
  ]),
});

/** Every kind of change event must be in the schema, or that kind from another node would be dropped. */
type UnparsedKind = Exclude<ChangeEvent['kind'], z.infer<typeof envelopeSchema>['event']['kind']>;
const everyKindParsed: [UnparsedKind] extends [never] ? true : UnparsedKind = true;
void everyKindParsed;

export function encodeEnvelope(node: string, event: ChangeEvent): string {
  const payload = JSON.stringify({ node, event });
  if (Buffer.byteLength(payload) <= MAX_PAYLOAD_BYTES) return payload;
  return JSON.stringify({ node, event: { kind: 'all' } });
}

/** The sender and event of a message, or null for anything that is not one of ours. */
export function decodeEnvelope(payload: string): { node: string; event: ChangeEvent } | null {
  try {
    const parsed = envelopeSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A change bus that must be started (and awaited) after its subscribers are in place. */
export interface StartableBus extends ChangeBus {
  start(): Promise<void>;
}

/**
 * The change bus of a node that shares its database with other nodes: every event goes to this
 * node's other workers (IPC, which works even while the node transport is down) and, tagged with
 * this node's id, to every other node. A node ignores its own echo, since its workers already
 * have the event through IPC.
 */
export function nodeBus(workers: ChangeBus, transport: NodeTransport, nodeId: string): StartableBus {
  const handlers: Array<(event: ChangeEvent) => void> = [];
  const deliver = (event: ChangeEvent) => handlers.forEach((handler) => handler(event));
  return {
    publish(event) {
      workers.publish(event);
      transport.publish(encodeEnvelope(nodeId, event));
    },
    subscribe(handler) {
      workers.subscribe(handler);
      handlers.push(handler);
    },
    start: () =>
      transport.start(
        (payload) => {
          const envelope = decodeEnvelope(payload);
          if (envelope && envelope.node !== nodeId) deliver(envelope.event);
        },
        () => deliver({ kind: 'all' }),
      ),
  };
}
