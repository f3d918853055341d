/** Child processes of the benchmark: started with the project's Node, tracked, and stopped by pid. */
import { spawn, type ChildProcess } from 'node:child_process';
import { processTree, startTime } from './proc-stats.ts';

export interface Child {
  name: string;
  pid: number;
  process: ChildProcess;
  /** The last lines the child wrote (stdout and stderr), for error messages. */
  output: string[];
  /** Lines written in all. */
  lines: number;
  exited: Promise<number | null>;
}

const running = new Set<Child>();
const OUTPUT_LINES = 40;

/** Starts `node <args>` (the Node running this script) with this environment, output captured. */
export function startNode(name: string, args: string[], env: NodeJS.ProcessEnv, cwd?: string): Child {
  const proc = spawn(process.execPath, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  if (proc.pid === undefined) throw new Error(`${name} did not start`);
  const child: Child = {
    name,
    pid: proc.pid,
    process: proc,
    output: [],
    lines: 0,
    exited: new Promise((resolve) => proc.once('exit', (code) => resolve(code))),
  };
  const collect = (data: Buffer) => {
    for (const line of data.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      child.lines++;
      child.output.push(line.length > 400 ? `${line.slice(0, 400)}…` : line);
      if (child.output.length > OUTPUT_LINES) child.output.shift();
    }
  };
  proc.stdout!.on('data', collect);
  proc.stderr!.on('data', collect);
  running.add(child);
  void child.exited.then(() => running.delete(child));
  return child;
}

/** Waits (bounded) for a line `READY <port>` on the child's stdout and answers the port. */
export function readyPort(child: Child, timeoutMs = 15_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new Error(`${child.name} not ready after ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onData = (data: Buffer) => {
      const match = /READY (\d+)/.exec(data.toString('utf8'));
      if (match) {
        cleanup();
        resolve(Number(match[1]));
      }
    };
    const onExit = (code: number | null) => fail(new Error(`${child.name} exited (${code}) before ready`));
    const cleanup = () => {
      clearTimeout(timer);
      child.process.stdout!.off('data', onData);
      child.process.off('exit', onExit);
    };
    const fail = (error: Error) => {
      cleanup();
      reject(new Error(`${error.message}\n${child.output.join('\n')}`));
    };
    child.process.stdout!.on('data', onData);
    child.process.once('exit', onExit);
  });
}

/** The descendants of a child, each with its start time so a recycled pid is never signalled. */
function descendants(child: Child): Array<{ pid: number; started: string | undefined }> {
  return processTree(child.pid)
    .filter((pid) => pid !== child.pid)
    .map((pid) => ({ pid, started: startTime(pid) }));
}

function killDescendants(list: Array<{ pid: number; started: string | undefined }>): void {
  for (const { pid, started } of list) {
    if (started === undefined || startTime(pid) !== started) continue;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

const alive = (child: Child) => child.process.exitCode === null && child.process.signalCode === null;

/** SIGTERM, then (after graceMs) SIGKILL to the child and any descendant it left. */
export async function stopChild(child: Child, graceMs = 10_000): Promise<void> {
  const tree = descendants(child);
  if (alive(child)) {
    child.process.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([child.exited, new Promise((r) => (timer = setTimeout(r, graceMs)))]);
    clearTimeout(timer);
    if (alive(child)) {
      child.process.kill('SIGKILL');
      await Promise.race([child.exited, new Promise((r) => setTimeout(r, 2000))]);
    }
  }
  killDescendants(tree);
  running.delete(child);
}

/** Stops every child still running (on error or Ctrl-C). */
export async function stopAll(graceMs = 3000): Promise<void> {
  await Promise.all([...running].map((child) => stopChild(child, graceMs)));
}

/** Last resort at exit: SIGKILL whatever is still running, by pid. */
export function killAllNow(): void {
  for (const child of running) {
    killDescendants(descendants(child));
    if (alive(child)) child.process.kill('SIGKILL');
  }
}
