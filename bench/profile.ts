/**
 * `npm run bench:profile -- sse|json [seconds] [sqlite|postgres|mysql] [connections]`: loads one
 * gateway (WORKERS=1) at 50 connections (or as many as given; 1 shows the path of a lone call) under `node --cpu-prof` and prints where its CPU went, by function
 * (self time) and by package. The profile is kept under bench/results/profiles/ for Chrome DevTools
 * or speedscope. On PostgreSQL or MySQL the gateway runs on a fresh database of its own (see
 * databases.ts) behind a proxy that counts its round trips to the database per answered call.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHAT_PATH } from './fixtures.ts';
import { ROOT_DIR, removeTempDirs, startGateway, stopGateway } from './gateway.ts';
import { loadRun, type Mode } from './load.ts';
import { killAllNow, readyPort, startNode, stopChild } from './processes.ts';
import { createBenchDatabase, dropBenchDatabases, type BenchDatabase, type ServerDb } from './databases.ts';
import { RoundTripCounter } from './round-trips.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  /** Monotonic clock, µs: the same clock as this process's hrtime on Linux. */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Now on the monotonic clock, in µs, comparable with a profile's sample times. */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/** When the load ran (µs, monotonic): only its samples are summarised, not the start-up's. */
const loadWindow = { from: 0, to: Infinity };

const mode = (process.argv[2] ?? 'sse') as Mode;
const seconds = Number(process.argv[3] ?? 10);
const database = (process.argv[4] ?? 'sqlite') as ServerDb | 'sqlite';
if (!['sqlite', 'postgres', 'mysql'].includes(database)) {
  console.error(`bench:profile: the database is sqlite, postgres or mysql, not "${database}"`);
  process.exit(2);
}
const connections = Number(process.argv[5] ?? 50);
if (!Number.isInteger(connections) || connections < 1) {
  console.error(`bench:profile: the connections are a whole number from 1, not "${process.argv[5]}"`);
  process.exit(2);
}
const profileDir = join(ROOT_DIR, 'bench', 'results', 'profiles', `${mode}-${database}-${Date.now()}`);

/** Where a frame belongs: a package name, our own source folder, or node's internals. */
function owner(url: string): string {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const source = url.indexOf('/server/src/');
  if (source >= 0) return `server/src/${url.slice(source + '/server/src/'.length).split('/')[0]}`;
  if (url.startsWith('node:')) return url;
  return url === '' ? '(native / gc / idle)' : url;
}

function summarise(profile: CpuProfile): void {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfByFunction = new Map<string, number>();
  const selfByOwner = new Map<string, number>();
  let total = 0;
  let at = profile.startTime;
  const inWindow = profile.timeDeltas.map((delta) => {
    at += delta;
    return at >= loadWindow.from && at <= loadWindow.to;
  });
  // A clock that does not match (not Linux): every sample, start-up included.
  const all = !inWindow.some(Boolean);
  if (all) console.log('(the profile clock does not match this one: start-up included)');
  profile.samples.forEach((id, index) => {
    if (!all && !inWindow[index]) return;
    const frame = byNode.get(id)!.callFrame;
    if (frame.functionName === '(idle)' || frame.functionName === '(program)') return;
    const delta = profile.timeDeltas[index] ?? 0;
    total += delta;
    const name = `${frame.functionName || '(anonymous)'} ${owner(frame.url)}:${frame.lineNumber + 1}`;
    selfByFunction.set(name, (selfByFunction.get(name) ?? 0) + delta);
    const group = owner(frame.url);
    selfByOwner.set(group, (selfByOwner.get(group) ?? 0) + delta);
  });
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, us]) => `  ${((us / total) * 100).toFixed(1).padStart(5)}%  ${name}`)
      .join('\n');
  console.log(
    `busy CPU sampled during the load: ${(total / 1e6).toFixed(2)} s\n\nby package or folder:\n${top(selfByOwner, 20)}`,
  );
  console.log(`\nby function (self time):\n${top(selfByFunction, 40)}`);
}

async function main(): Promise<void> {
  const mock = startNode('mock upstream', [join(import.meta.dirname, 'mock-upstream.ts'), '0'], process.env);
  const mockUrl = `http://127.0.0.1:${await readyPort(mock)}`;
  mkdirSync(profileDir, { recursive: true });
  let server: { db: BenchDatabase; counter: RoundTripCounter } | undefined;
  if (database !== 'sqlite') {
    const db = await createBenchDatabase(database);
    server = { db, counter: await RoundTripCounter.before(db.dsn) };
  }
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${profileDir}`;
  // The sources, not the bundle `npm start` runs: the same code, with a file per frame to group by.
  const env = server ? { SQL_DSN: server.counter.rewrite(server.db.dsn) } : {};
  const gw = await startGateway(mockUrl, 1, join(ROOT_DIR, 'server/src/main.ts'), env);
  delete process.env.NODE_OPTIONS;
  try {
    const target = {
      name: 'gateway',
      url: gw.url,
      path: CHAT_PATH,
      headers: { authorization: `Bearer ${gw.key}` },
    };
    await server?.counter.quiet();
    const turnsBefore = server?.counter.turns ?? 0;
    loadWindow.from = monotonicUs();
    const numbers = await loadRun(target, mode, seconds, connections);
    loadWindow.to = monotonicUs();
    console.log(
      `${mode} on ${database}: ${numbers.answered} answered, ${numbers.rps.toFixed(0)} req/s, ${numbers.errors} errors`,
    );
    if (server) {
      // Until the last settlements are written (and nothing else talks to the database).
      await server.counter.quiet();
      const turns = server.counter.turns - turnsBefore;
      console.log(
        `database round trips: ${turns} for ${numbers.answered} calls, ` +
          `${(turns / Math.max(1, numbers.answered)).toFixed(2)} per call (background jobs included)`,
      );
    }
  } finally {
    await stopGateway(gw);
    await stopChild(mock);
    await server?.counter.close();
    await dropBenchDatabases();
    removeTempDirs();
  }
  // The serving process is the largest profile (the cluster primary, if any, idles).
  const profiles = readdirSync(profileDir).map((name) => join(profileDir, name));
  const largest = profiles.sort((a, b) => readFileSync(b).length - readFileSync(a).length)[0];
  if (!largest) throw new Error(`no profile written to ${profileDir}`);
  console.log(`profile: ${largest}`);
  summarise(JSON.parse(readFileSync(largest, 'utf8')) as CpuProfile);
}

main().catch(async (error: unknown) => {
  console.error(error);
  killAllNow();
  await dropBenchDatabases();
  removeTempDirs();
  process.exit(1);
});
