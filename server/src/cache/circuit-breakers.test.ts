import { describe, expect, it } from 'vitest';
import type { ChangeBus, ChangeEvent } from './change-bus.ts';
import { CircuitBreakers, type BreakerPolicy } from './circuit-breakers.ts';
import { decodeEnvelope, encodeEnvelope } from './node-bus.ts';

const POLICY: BreakerPolicy = { failures: 3, windowMs: 60_000, cooldownMs: 30_000, maxCooldownMs: 100_000 };

/** Two processes whose buses hand each event to the other, as the node bus does (through its JSON envelope). */
function pair() {
  let now = 1_000_000;
  const clock = () => now;
  const sent: ChangeEvent[] = [];
  const nodes: CircuitBreakers[] = [];
  const busTo = (other: () => CircuitBreakers): ChangeBus => ({
    publish(event) {
      sent.push(event);
      const carried = decodeEnvelope(encodeEnvelope('n', event))!.event;
      if (carried.kind === 'breaker') other().apply(carried, () => POLICY);
    },
    subscribe() {},
  });
  nodes.push(
    new CircuitBreakers(
      busTo(() => nodes[1]!),
      clock,
    ),
  );
  nodes.push(
    new CircuitBreakers(
      busTo(() => nodes[0]!),
      clock,
    ),
  );
  return { a: nodes[0]!, b: nodes[1]!, sent, advance: (ms: number) => (now += ms) };
}

describe('circuit breakers', () => {
  it('open after exactly N failures within the window, for that model only', () => {
    const { a } = pair();
    a.failed(7, 'gpt', 'boom 1', POLICY);
    a.failed(7, 'gpt', 'boom 2', POLICY);
    expect(a.admit(7, 'gpt')).toBe('pass');
    a.failed(7, 'gpt', 'boom 3', POLICY);
    expect(a.admit(7, 'gpt')).toBe('open');
    expect(a.admit(7, 'other-model')).toBe('pass');
    expect(a.admit(8, 'gpt')).toBe('pass');
    expect(a.list()).toEqual([
      expect.objectContaining({ channelId: 7, model: 'gpt', state: 'open', lastError: 'boom 3' }),
    ]);
  });

  it('forget failures older than the window', () => {
    const { a, advance } = pair();
    a.failed(1, 'm', 'x', POLICY);
    a.failed(1, 'm', 'x', POLICY);
    advance(61_000);
    a.failed(1, 'm', 'x', POLICY);
    expect(a.admit(1, 'm')).toBe('pass');
  });

  it('let one probe through after the cool-down; success closes, failure doubles the cool-down', () => {
    const { a, advance } = pair();
    for (let i = 0; i < 3; i++) a.failed(1, 'm', 'down', POLICY);
    advance(29_999);
    expect(a.admit(1, 'm')).toBe('open');
    advance(1);
    expect(a.admit(1, 'm')).toBe('probe');
    expect(a.admit(1, 'm')).toBe('open');
    a.failed(1, 'm', 'still down', POLICY);
    advance(59_999);
    expect(a.admit(1, 'm')).toBe('open');
    advance(1);
    expect(a.admit(1, 'm')).toBe('probe');
    a.failed(1, 'm', 'still down', POLICY);
    advance(100_000); // doubled to 120 s, held at the 100 s ceiling
    expect(a.admit(1, 'm')).toBe('probe');
    a.succeeded(1, 'm');
    expect(a.admit(1, 'm')).toBe('pass');
    expect(a.list()).toEqual([]);
    // Closed again: it takes N new failures to open.
    a.failed(1, 'm', 'x', POLICY);
    expect(a.admit(1, 'm')).toBe('pass');
  });

  it('do not lengthen the cool-down for calls that were under way when they opened', () => {
    const { a } = pair();
    for (let i = 0; i < 5; i++) a.failed(1, 'm', `late ${i}`, POLICY);
    const [view] = a.list();
    expect(view!.retryAt - view!.since).toBe(30_000);
    expect(view!.lastError).toBe('late 4');
  });

  it('give the probe back when it ended with no verdict', () => {
    const { a, advance } = pair();
    for (let i = 0; i < 3; i++) a.failed(1, 'm', 'down', POLICY);
    advance(30_000);
    expect(a.admit(1, 'm')).toBe('probe');
    a.released(1, 'm');
    expect(a.admit(1, 'm')).toBe('probe');
  });

  it('are shared: failures on two nodes add up, and both see the open, the probe and the close', () => {
    const { a, b, advance } = pair();
    a.failed(1, 'm', 'x', POLICY);
    b.failed(1, 'm', 'x', POLICY);
    a.failed(1, 'm', 'x', POLICY);
    expect(a.admit(1, 'm')).toBe('open');
    expect(b.admit(1, 'm')).toBe('open');
    advance(30_000);
    expect(b.admit(1, 'm')).toBe('probe');
    expect(a.admit(1, 'm')).toBe('open');
    b.succeeded(1, 'm');
    expect(a.admit(1, 'm')).toBe('pass');
    expect(a.list()).toEqual([]);
  });

  it('take a state from another node only when it is newer, whatever order the bus brings them in', () => {
    const { a, b, sent, advance } = pair();
    for (let i = 0; i < 3; i++) a.failed(1, 'm', 'down', POLICY);
    advance(30_000);
    expect(a.admit(1, 'm')).toBe('probe');
    const probing = sent.at(-1)!;
    a.succeeded(1, 'm');
    expect(b.admit(1, 'm')).toBe('pass');
    // The probe's state arriving after the close changes nothing.
    if (probing.kind === 'breaker') b.apply(probing, () => POLICY);
    expect(b.admit(1, 'm')).toBe('pass');
  });

  it('cost a closed breaker nothing on success: no event is sent', () => {
    const { a, sent } = pair();
    for (let i = 0; i < 100; i++) {
      a.admit(1, 'm');
      a.succeeded(1, 'm');
    }
    expect(sent).toEqual([]);
  });
});
