/**
 * `npm run bench:profile -- sse|json [seconds]`: loads one gateway (WORKERS=1) at 50 connections
 * under `node --cpu-prof` and prints where its CPU went, by function (self time) and by package.
 * The profile is kept under bench/results/profiles/ for Chrome DevTools or speedscope.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHAT_PATH } from './fixtures.ts';
import { ROOT_DIR, removeTempDirs, startGateway, stopGateway } from './gateway.ts';
import { loadRun, type Mode } from './load.ts';
import { readyPort, startNode, stopChild } from './processes.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const mode = (process.argv[2] ?? 'sse') as Mode;
const seconds = Number(process.argv[3] ?? 10);
const profileDir = join(ROOT_DIR, 'bench', 'results', 'profiles', `${mode}-${Date.now()}`);

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
  profile.samples.forEach((id, index) => {
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
    `busy CPU sampled: ${(total / 1e6).toFixed(2)} s\n\nby package or folder:\n${top(selfByOwner, 20)}`,
  );
  console.log(`\nby function (self time):\n${top(selfByFunction, 40)}`);
}

async function main(): Promise<void> {
  const mock = startNode('mock upstream', [join(import.meta.dirname, 'mock-upstream.ts'), '0'], process.env);
  const mockUrl = `http://127.0.0.1:${await readyPort(mock)}`;
  mkdirSync(profileDir, { recursive: true });
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${profileDir}`;
  // The sources, not the bundle `npm start` runs: the same code, with a file per frame to group by.
  const gw = await startGateway(mockUrl, 1, join(ROOT_DIR, 'server/src/main.ts'));
  delete process.env.NODE_OPTIONS;
  try {
    const target = {
      name: 'gateway',
      url: gw.url,
      path: CHAT_PATH,
      headers: { authorization: `Bearer ${gw.key}` },
    };
    const numbers = await loadRun(target, mode, seconds);
    console.log(
      `${mode}: ${numbers.answered} answered, ${numbers.rps.toFixed(0)} req/s, ${numbers.errors} errors`,
    );
  } finally {
    await stopGateway(gw);
    await stopChild(mock);
    removeTempDirs();
  }
  // The serving process is the largest profile (the cluster primary, if any, idles).
  const profiles = readdirSync(profileDir).map((name) => join(profileDir, name));
  const largest = profiles.sort((a, b) => readFileSync(b).length - readFileSync(a).length)[0];
  if (!largest) throw new Error(`no profile written to ${profileDir}`);
  console.log(`profile: ${largest}`);
  summarise(JSON.parse(readFileSync(largest, 'utf8')) as CpuProfile);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
