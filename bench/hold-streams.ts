/**
 * Many streams held open at once: STREAMS concurrent streaming requests through the gateway to a
 * mock that sends one event a second for 20 s, with the gateway's RSS sampled meanwhile.
 */
import { Agent, request, type ClientRequest } from 'node:http';
import type { LedgerCheck } from './gateway.ts';
import { SLOW_EVENTS, SLOW_GAP_MS, SLOW_PIECES, STREAM_REQUEST } from './fixtures.ts';
import { postOptions, streamContent, type Target } from './load.ts';
import { fileLimit, processTree, resetPeak, rssMb, peakMb } from './proc-stats.ts';

/**
 * Open files the gateway needs for `streams` held streams: two sockets each (the client's and the
 * upstream's), and room for its database, journal and listening sockets.
 */
export const fdLimitNeeded = (streams: number): number => 2 * streams + 1_000;

export interface HoldResult {
  skipped?: string;
  streams: number;
  /** Streams answered 200 with the whole content and [DONE]. */
  completed: number;
  failed: number;
  /** Of the failed: no byte of the answer by the deadline (queued somewhere). */
  waiting: number;
  /** Of the failed: still streaming at the deadline. */
  cutOff: number;
  /** Of the failed: ended before the deadline with an error, a non-200 or incomplete content. */
  bad: number;
  /** Why the bad ones failed (a status and the start of the body, or the error), counted. */
  badReasons: Record<string, number>;
  /** Most streams that had their first byte and had not ended, at one moment. */
  heldPeak: number;
  idleMb: number;
  /** Highest sampled RSS (every 250 ms) while the streams were open. */
  sampledPeakMb: number;
  /** VmHWM after the test. */
  peakMb: number;
  elapsedMs: number;
  /** The no-loss check (only when every stream completed). */
  check?: LedgerCheck;
}

const RAMP_BATCH = 250;
const RAMP_EVERY_MS = 50;
const SAMPLE_EVERY_MS = 250;

export async function holdStreams(target: Target, serverPid: number, streams: number): Promise<HoldResult> {
  const limit = fileLimit();
  const empty: HoldResult = {
    streams,
    completed: 0,
    failed: 0,
    waiting: 0,
    cutOff: 0,
    bad: 0,
    badReasons: {},
    heldPeak: 0,
    idleMb: 0,
    sampledPeakMb: 0,
    peakMb: 0,
    elapsedMs: 0,
  };
  const needed = fdLimitNeeded(streams);
  if (limit === undefined || limit < needed) {
    return {
      ...empty,
      skipped: `ulimit -n is ${limit ?? 'unknown'}, below the ${needed} one process needs for ${streams} streams`,
    };
  }
  const pids = processTree(serverPid);
  resetPeak(pids);
  const idleMb = rssMb(pids);
  let sampledPeakMb = idleMb;
  const sampler = setInterval(() => {
    sampledPeakMb = Math.max(sampledPeakMb, rssMb(pids));
  }, SAMPLE_EVERY_MS);

  const agent = new Agent({ keepAlive: false, maxSockets: streams });
  const expected = SLOW_PIECES.join('');
  const pending = new Set<ClientRequest>();
  const counts = { completed: 0, waiting: 0, cutOff: 0, bad: 0 };
  const badReasons: Record<string, number> = {};
  let held = 0;
  let heldPeak = 0;
  let pastDeadline = false;
  const started = performance.now();
  // Every stream lasts (events - 1) gaps; allow the ramp and 25 s more before giving up on the rest.
  const deadlineMs = (SLOW_EVENTS.length - 1) * SLOW_GAP_MS + 25_000;

  let deadline: NodeJS.Timeout | undefined;
  await new Promise<void>((resolveAll) => {
    let settled = 0;
    const finish = (outcome: keyof typeof counts) => {
      counts[outcome]++;
      if (++settled === streams) resolveAll();
    };
    const open = () => {
      let first = true;
      let ended = false;
      const end = (ok: boolean, reason: string) => {
        if (ended) return;
        ended = true;
        if (!first) held--;
        pending.delete(req);
        const outcome = ok ? 'completed' : !pastDeadline ? 'bad' : first ? 'waiting' : 'cutOff';
        if (outcome === 'bad') badReasons[reason] = (badReasons[reason] ?? 0) + 1;
        finish(outcome);
      };
      const req = request(postOptions(target, STREAM_REQUEST, agent), (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          if (first) {
            first = false;
            heldPeak = Math.max(heldPeak, ++held);
          }
          chunks.push(chunk);
        });
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const stream = streamContent(text);
          const ok = res.statusCode === 200 && stream.done && stream.text === expected;
          end(ok, `${res.statusCode}: ${text.slice(-300)}`);
        });
        res.on('error', (error) => end(false, `answer broke off: ${error.message}`));
        res.on('close', () => end(false, 'answer closed before its end'));
      });
      req.on('error', (error) => end(false, `request failed: ${error.message}`));
      pending.add(req);
      req.end(STREAM_REQUEST);
    };
    let launched = 0;
    const ramp = setInterval(() => {
      for (let i = 0; i < RAMP_BATCH && launched < streams; i++, launched++) open();
      if (launched >= streams) clearInterval(ramp);
    }, RAMP_EVERY_MS);
    deadline = setTimeout(() => {
      pastDeadline = true;
      clearInterval(ramp);
      // Streams never launched count as waiting; those still open are cut off.
      for (; launched < streams; launched++) finish('waiting');
      for (const req of [...pending]) req.destroy(new Error('deadline'));
    }, deadlineMs);
  });
  clearTimeout(deadline);

  clearInterval(sampler);
  agent.destroy();
  return {
    streams,
    ...counts,
    badReasons,
    failed: streams - counts.completed,
    heldPeak,
    idleMb,
    sampledPeakMb,
    peakMb: peakMb(processTree(serverPid)),
    elapsedMs: performance.now() - started,
  };
}
