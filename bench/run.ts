/**
 * `npm run bench` (add `-- --portkey` to include Portkey's gateway as a peer).
 * Starts a mock provider, a bare node:http relay (the floor) and the gateway, each in its own process
 * on 127.0.0.1; measures throughput at 50 connections and latency at concurrency 1 for JSON and SSE,
 * CPU and memory per process, and checks that every answered request was logged and billed. Also
 * the gateway with its limits counted in Redis, and on PostgreSQL (SQL_DSN, W=1 and W=2) on a
 * database the bench creates and drops; every row shows its ratio to the bare relay. Writes
 * bench/results/latest.{md,json} (and a timestamped copy) and prints the table.
 */
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { CHAT_PATH, SLOW_PREFIX } from './fixtures.ts';
import { BEDROCK_RECORDING, bedrockRecorded } from './bedrock-fixtures.ts';
import {
  addBedrockChannel,
  buildServer,
  readLedger,
  removeTempDirs,
  ROOT_DIR,
  settle,
  startGateway,
  type Gateway,
} from './gateway.ts';
import { holdStreams, type HoldResult } from './hold-streams.ts';
import type { Mode } from './load.ts';
import { gatewayServer, log, Session, type Server } from './measure.ts';
import { PORTKEY_INSTALL, portkeyEntry, startPortkey } from './portkey.ts';
import { killAllNow, readyPort, startNode, stopAll, stopChild } from './processes.ts';
import { judge, revision, tableMarkdown, targetsMarkdown, writeReport, type Report } from './report.ts';
import { loginFlood, loginFloodNote } from './login-flood.ts';
import { enableLimits, SENSITIVE_WORDS } from './limits-cost.ts';
import { measurePostgres, measureRedisLimits } from './database-rows.ts';
import { dropBenchDatabases } from './databases.ts';

const BENCH_DIR = import.meta.dirname;
const DURATION_S = positiveEnv('BENCH_DURATION', 10);
const HOLD_STREAMS = Math.round(positiveEnv('BENCH_HOLD_STREAMS', 5000));
const MODES: Mode[] = ['json', 'sse'];
const UPSTREAM_AUTH = { authorization: 'Bearer sk-bench-upstream' };

const session = new Session({
  durationS: DURATION_S,
  connections: 50,
  sequentialCalls: 500,
  warmupCalls: 50,
  warmupS: 1,
});
const { notes } = session;

function positiveEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`bench: ${name} must be a positive number, not "${raw}"`);
    process.exit(2);
  }
  return value;
}

/** 5,000 streams held open through a fresh gateway whose channel points at the mock's slow streams. */
async function runHold(mockUrl: string): Promise<HoldResult> {
  const gw = await startGateway(mockUrl + SLOW_PREFIX, 1);
  try {
    const server = gatewayServer(gw, 'gateway W=1');
    log(`holding ${HOLD_STREAMS} streams open through the gateway (20 s, at most 45 s)…`);
    const before = await readLedger(gw);
    const hold = await holdStreams(server.target, gw.child.pid, HOLD_STREAMS);
    if (hold.skipped) {
      log(`held-open streams skipped: ${hold.skipped}`);
      return hold;
    }
    const peak = Math.max(hold.sampledPeakMb, hold.peakMb).toFixed(1);
    log(
      `held-open streams: ${hold.completed}/${hold.streams} complete, ${hold.heldPeak} open at once, ` +
        `peak ${peak} MB; failed: ${hold.waiting} no byte by the deadline, ${hold.cutOff} cut off, ${hold.bad} bad`,
    );
    for (const [reason, count] of Object.entries(hold.badReasons)) log(`  bad: ${count} × ${reason}`);
    if (hold.failed === 0) {
      hold.check = await settle(gw, before, hold.completed);
      const c = hold.check;
      if (!c.ok) {
        session.loud(
          `MISMATCH after held-open streams: ${c.rows} log rows for ${hold.completed} streams; ` +
            `spent ${c.spent}, logged ${c.logged}`,
        );
      }
    } else notes.push(`held-open streams: ${hold.failed} did not complete, so no log check for that test`);
    return hold;
  } finally {
    await session.finishGateway(gw, 'gateway (held-open streams)');
  }
}

/**
 * A converted family: OpenAI chat streams through a Bedrock channel (Converse, SigV4-signed), the
 * mock answering the recorded event-stream frames. Its own channel and model, added after the rows
 * above are measured, so they run exactly as before.
 */
async function measureBedrock(gw: Gateway, server: Server, mockUrl: string): Promise<void> {
  if (!bedrockRecorded) {
    notes.push(`"sse-bedrock" skipped: the recording ${BEDROCK_RECORDING} is not there`);
    return;
  }
  await addBedrockChannel(gw, mockUrl);
  await session.measured(server, 'sse-bedrock', 50);
  notes.push(
    '"sse-bedrock": an OpenAI chat stream through a Bedrock channel: the call signed (SigV4) and sent to ' +
      'Converse, the recorded event-stream frames decoded and converted to chat chunks; compare its CPU per request with "sse c=50"',
  );
}

async function runPortkey(mockUrl: string): Promise<void> {
  const entry = portkeyEntry();
  if (!entry) {
    const notice = `--portkey: @portkey-ai/gateway is not installed, skipped. Install it with: ${PORTKEY_INSTALL}`;
    console.log(`\n[bench] ${notice}\n`);
    notes.push(notice);
    return;
  }
  const portkey = await startPortkey(entry, mockUrl);
  try {
    const server: Server = { name: 'portkey', pid: portkey.child.pid, target: portkey.target };
    for (const mode of MODES) await session.measured(server, mode, 1);
    for (const mode of MODES) await session.measured(server, mode, 50);
  } finally {
    await stopChild(portkey.child);
  }
}

/**
 * The same W=1 gateway with Prometheus metrics on (METRICS_ENABLED, scraped once at the end): its
 * CPU per request beside "gateway W=1 json c=50" and "sse c=50" is what recording them costs.
 */
async function measureMetricsOn(mockUrl: string): Promise<void> {
  const name = 'gateway W=1 metrics on';
  const gw = await startGateway(mockUrl, 1, undefined, { METRICS_ENABLED: 'true' });
  try {
    const server = gatewayServer(gw, name);
    for (const mode of MODES) await session.measured(server, mode, 50);
    const scrape = await fetch(`${gw.url}/metrics`);
    if (!scrape.ok) throw new Error(`GET /metrics answered ${scrape.status}`);
    notes.push(
      `"metrics on": METRICS_ENABLED=true; compare its CPU per request with "gateway W=1 json c=50" and "sse c=50"`,
    );
  } finally {
    await session.finishGateway(gw, name);
  }
}

async function main(): Promise<void> {
  const withPortkey = process.argv.includes('--portkey');
  const cores = availableParallelism();
  const began = Date.now();
  const loadBefore = loadavg()[0]!;
  log(`${DURATION_S} s per run at 50 connections, ${cores} cores; results in bench/results/`);
  buildServer();

  const mock = startNode('mock upstream', [join(BENCH_DIR, 'mock-upstream.ts'), '0'], process.env);
  const mockUrl = `http://127.0.0.1:${await readyPort(mock)}`;
  session.mockPid = mock.pid;
  const bareChild = startNode('bare relay', [join(BENCH_DIR, 'bare-relay.ts'), '0', mockUrl], process.env);
  const bareUrl = `http://127.0.0.1:${await readyPort(bareChild)}`;
  const bare: Server = {
    name: 'bare relay',
    pid: bareChild.pid,
    target: { name: 'bare relay', url: bareUrl, path: CHAT_PATH, headers: UPSTREAM_AUTH },
  };

  const gatewayNames = ['gateway W=1'];
  const gw1 = await startGateway(mockUrl, 1);
  const server1 = gatewayServer(gw1, gatewayNames[0]!);
  try {
    for (const mode of MODES) {
      await session.measured(bare, mode, 1);
      await session.measured(server1, mode, 1);
    }
    for (const mode of MODES) {
      await session.measured(bare, mode, 50);
      await session.measured(server1, mode, 50);
    }
    // A converted stream: an Anthropic client through the same OpenAI channel. Its CPU per request
    // beside "gateway W=1 sse c=50" is what converting each event costs.
    await session.measured(server1, 'sse-anthropic', 50);
    notes.push(
      '"sse-anthropic": the same streamed call from an Anthropic client (/v1/messages) through the OpenAI ' +
        'channel, each chat chunk converted to Anthropic events; compare its CPU per request with "sse c=50"',
    );
    await measureBedrock(gw1, server1, mockUrl);
    notes.push(loginFloodNote(await loginFlood(gw1)));
    // The same gateway with every limit on (none reached) and 10,000 sensitive words: the CPU per
    // request beside the W=1 rows above is what the limits cost.
    await enableLimits(gw1);
    const limited = gatewayServer(gw1, `gateway W=1 limits on, ${SENSITIVE_WORDS} words`);
    await session.measured(limited, 'json', 50);
    notes.push(
      `"limits on": model request rate limit, key RPM/TPM/concurrency/daily budget and ${SENSITIVE_WORDS} ` +
        'sensitive words, none reached; compare its CPU per request with "gateway W=1 json c=50"',
    );
  } finally {
    await session.finishGateway(gw1, gatewayNames[0]!);
  }

  await measureRedisLimits(session, mockUrl);
  await measureMetricsOn(mockUrl);

  if (cores > 1) {
    const name = `gateway W=${cores}`;
    gatewayNames.push(name);
    const gwN = await startGateway(mockUrl, cores);
    try {
      for (const mode of MODES) await session.measured(gatewayServer(gwN, name), mode, 50);
      if (session.rows.filter((r) => r.target === name).every((r) => r.processes === 1)) {
        notes.push(`${name}: the gateway ran as one process (it did not fork workers for WORKERS)`);
      }
    } finally {
      await session.finishGateway(gwN, name);
    }
  }

  gatewayNames.push(...(await measurePostgres(session, mockUrl, [1, 2])));

  const hold = await runHold(mockUrl);
  if (withPortkey) await runPortkey(mockUrl);
  await stopChild(bareChild);
  await stopChild(mock);

  const { rows } = session;
  if (rows.some((r) => !r.peakReset))
    notes.push('VmHWM could not be reset (clear_refs): peaks are since start.');
  const loadAfter = loadavg()[0]!;
  if (loadBefore > cores * 0.25) {
    notes.push(
      `the machine was busy when the run began (load average ${loadBefore.toFixed(2)} on ${cores} cores, ` +
        `${loadAfter.toFixed(2)} at the end): other work shared the CPU, so the figures are noisy`,
    );
  }
  notes.push(`total run time ${((Date.now() - began) / 1000).toFixed(0)} s`);
  const report: Report = {
    date: new Date().toISOString(),
    durationS: DURATION_S,
    cores,
    node: process.versions.node,
    revision: revision(ROOT_DIR),
    loadAverage: [loadBefore, loadAfter],
    rows,
    hold,
    targets: judge(rows, hold, gatewayNames),
    notes,
  };
  const path = writeReport(report, join(ROOT_DIR, 'bench', 'results'));
  console.log(`\n${tableMarkdown(rows)}\n\n${targetsMarkdown(report.targets)}\n`);
  for (const note of notes) console.log(`- ${note}`);
  console.log(`\nwritten: ${path} (and .json, and a timestamped copy)`);
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.error(`\n[bench] ${signal}: stopping every process started`);
    void Promise.all([stopAll(), dropBenchDatabases()]).finally(() => {
      removeTempDirs();
      process.exit(130);
    });
  });
}
process.on('exit', () => {
  killAllNow();
  removeTempDirs();
});

main().catch(async (error: unknown) => {
  console.error('[bench] failed:', error instanceof Error ? error.message : error);
  await stopAll();
  await dropBenchDatabases();
  removeTempDirs();
  process.exit(1);
});
