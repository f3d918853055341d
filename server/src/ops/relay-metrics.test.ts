import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RelayTally } from './relay-metrics.ts';

/** The time-to-first-token count of gpt-4o-mini's calls with this outcome, as Prometheus reads it. */
async function firstTokenCount(tally: RelayTally, outcome: string): Promise<number> {
  const registry = new Registry();
  tally.register(registry);
  const line = (await registry.metrics())
    .split('\n')
    .find(
      (text) =>
        text.startsWith('gen_ai_server_time_to_first_token_seconds_count{') &&
        text.includes(`outcome="${outcome}"`),
    );
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('RelayTally', () => {
  it('counts a first byte that came within the millisecond, and none for a call that had none', async () => {
    const tally = new RelayTally();
    const end = (outcome: 'success' | 'upstream_error', firstByteMs: number | undefined) =>
      tally.callEnded(
        'openai',
        'gpt-4o-mini',
        1,
        'default',
        outcome,
        undefined,
        0,
        0,
        Date.now(),
        firstByteMs,
      );
    end('success', 0);
    end('success', 12);
    end('upstream_error', undefined);
    expect(await firstTokenCount(tally, 'success')).toBe(2);
    expect(await firstTokenCount(tally, 'upstream_error')).toBe(0);
  });
});
