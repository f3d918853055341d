import { describe, expect, it } from 'vitest';
import type { ChangeBus, ChangeEvent } from './change-bus.ts';
import { decodeEnvelope, encodeEnvelope, nodeBus, type NodeTransport } from './node-bus.ts';

/** A transport that loops every publish back to its listener, as Redis and NOTIFY do to the sender. */
function loopback() {
  let listener: ((payload: string) => void) | undefined;
  let resync: (() => void) | undefined;
  const sent: string[] = [];
  const transport: NodeTransport = {
    name: 'redis',
    connected: true,
    publish(payload) {
      sent.push(payload);
      listener?.(payload);
    },
    async start(onMessage, onResync) {
      listener = onMessage;
      resync = onResync;
    },
    async close() {},
  };
  return { transport, sent, receive: (payload: string) => listener?.(payload), resync: () => resync?.() };
}

describe('node bus', () => {
  it('sends to the workers and the other nodes, ignores its own echo, and reloads all after a reconnection', async () => {
    const toWorkers: ChangeEvent[] = [];
    const workers: ChangeBus = { publish: (event) => toWorkers.push(event), subscribe() {} };
    const link = loopback();
    const bus = nodeBus(workers, link.transport, 'node-a');
    const heard: ChangeEvent[] = [];
    bus.subscribe((event) => heard.push(event));
    await bus.start();

    bus.publish({ kind: 'token', key: 'abc' });
    expect(toWorkers).toEqual([{ kind: 'token', key: 'abc' }]);
    expect(link.sent).toHaveLength(1);
    expect(heard).toEqual([]);

    link.receive(encodeEnvelope('node-b', { kind: 'option', key: 'ModelRatio' }));
    link.receive('not json');
    link.receive(JSON.stringify({ node: 'node-b', event: { kind: 'drop-tables' } }));
    link.resync();
    expect(heard).toEqual([{ kind: 'option', key: 'ModelRatio' }, { kind: 'all' }]);
  });

  it('keeps every payload within the NOTIFY limit', () => {
    const huge = encodeEnvelope('node-a', { kind: 'token', key: 'k'.repeat(10_000) });
    expect(Buffer.byteLength(huge)).toBeLessThan(8000);
    expect(decodeEnvelope(huge)).toEqual({ node: 'node-a', event: { kind: 'all' } });
  });

  it('carries every kind of event between nodes', () => {
    const events: ChangeEvent[] = [
      { kind: 'token', key: 'abc' },
      { kind: 'user', id: 7 },
      { kind: 'channels' },
      { kind: 'option', key: 'ModelRatio' },
      { kind: 'dashboard' },
      { kind: 'all' },
    ];
    for (const event of events)
      expect(decodeEnvelope(encodeEnvelope('node-a', event))).toEqual({ node: 'node-a', event });
  });
});
