import type { Gateway } from './gateway.ts';
import { percentile } from './load.ts';

/** `/api/status` latency alone and under a flood of wrong-password logins (issue #12: reported, never asserted). */
export interface LoginFloodNumbers {
  loops: number;
  workers: number;
  quietP50Ms: number;
  quietP99Ms: number;
  floodP50Ms: number;
  floodP99Ms: number;
  /** Logins answered (wrong password) and refused with 429 by the sign-in limit. */
  answered: number;
  refused: number;
}

async function statusTimes(url: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const response = await fetch(`${url}/api/status`);
    await response.arrayBuffer();
    times.push(performance.now() - t0);
  }
  return times;
}

const p = (times: number[], at: number) =>
  percentile(
    [...times].sort((a, b) => a - b),
    at,
  );

/** `loops` clients logging in with a wrong password back to back for `seconds`, all from 127.0.0.1. */
export async function loginFlood(gw: Gateway, loops = 30, seconds = 5): Promise<LoginFloodNumbers> {
  const quiet = await statusTimes(gw.url, 200);
  let running = true;
  let answered = 0;
  let refused = 0;
  const loop = async () => {
    while (running) {
      const response = await fetch(`${gw.url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'root', password: 'not-the-password' }),
      }).catch(() => null);
      if (response?.status === 429) refused += 1;
      else if (response) answered += 1;
      // A connection reset mid-answer must not end the loop (and with it the whole bench run).
      await response?.arrayBuffer().catch(() => undefined);
    }
  };
  const flooding = Promise.all(Array.from({ length: loops }, loop));
  const flood: number[] = [];
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) flood.push(...(await statusTimes(gw.url, 20)));
  running = false;
  await flooding;
  return {
    loops,
    workers: gw.workers,
    quietP50Ms: p(quiet, 50),
    quietP99Ms: p(quiet, 99),
    floodP50Ms: p(flood, 50),
    floodP99Ms: p(flood, 99),
    answered,
    refused,
  };
}

export const loginFloodNote = (n: LoginFloodNumbers): string =>
  `/api/status under a login flood (${n.loops} loops, W=${n.workers}): p50 ${n.floodP50Ms.toFixed(1)} ms, p99 ${n.floodP99Ms.toFixed(1)} ms ` +
  `(alone: p50 ${n.quietP50Ms.toFixed(1)} ms, p99 ${n.quietP99Ms.toFixed(1)} ms); logins answered ${n.answered}, refused 429 ${n.refused}`;
