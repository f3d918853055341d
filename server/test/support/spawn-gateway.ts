import { rmSync } from 'node:fs';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { newJournalDir } from './journal-dir.ts';
import { becomes } from './wait.ts';
import type { TestDatabase } from './test-database.ts';

const SOURCES = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
/** What `npm start` runs once `npm run build` has bundled the server. */
export const BUNDLE = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface SpawnedGateway {
  url: string;
  process: ChildProcess;
  /** Its SETTLEMENT_JOURNAL_DIR: a gateway started in its place after a crash is given the same. */
  journalDir: string;
  /** Everything the gateway printed so far (it is also passed on to the test's own output). */
  output(): string;
  stop(): Promise<void>;
  /** A crash: SIGKILL to the process and every worker it forked, with no chance to flush anything. */
  killHard(): Promise<void>;
}

/** The ids of a process's direct children (the cluster workers of a gateway primary). */
function childPids(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((id) => Number.isInteger(id) && id > 0);
  } catch {
    return []; // ps exits 1 when there are none.
  }
}

/** The port found free was taken meanwhile (by another test's process, or an outgoing connection). */
class PortTaken extends Error {}

/**
 * Runs the gateway as a child process, as `npm start` does, and waits until it answers: from the
 * sources by default, or `entry` (the bundle, for the browser tests that follow `npm run build`).
 * A port is free when it is picked but may be taken before the gateway listens on it (test files
 * run side by side, and outgoing connections take ports from the same range): then another is tried.
 */
export async function spawnGateway(
  db: TestDatabase,
  env: Record<string, string>,
  entry = SOURCES,
): Promise<SpawnedGateway> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnOn(await freePort(), db, env, entry);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt >= 5) throw error;
    }
  }
}

async function spawnOn(
  port: number,
  db: TestDatabase,
  env: Record<string, string>,
  entry: string,
): Promise<SpawnedGateway> {
  // Its own journal unless the test restarts a gateway in the place of one it killed. A journal
  // of its own is removed when it stops cleanly; a killed one's is left to the gateway started in
  // its place.
  const ownsJournal = env.SETTLEMENT_JOURNAL_DIR === undefined;
  const journalDir = env.SETTLEMENT_JOURNAL_DIR ?? newJournalDir();
  let killed = false;
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SQL_DSN: db.sqlDsn,
      SQLITE_PATH: db.sqlitePath || 'unused.db',
      SESSION_SECRET: 'spawned-gateway-secret',
      LOG_LEVEL: 'warn',
      // A few connections per process: test files run side by side against one database server.
      SQL_MAX_OPEN_CONNS: '6',
      // Every test signs in from 127.0.0.1, many times: the sign-in limit has tests of its own.
      CRITICAL_RATE_LIMIT: '100000',
      // …and many more console calls than a person makes: the address limits have tests of their own.
      GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
      GLOBAL_WEB_RATE_LIMIT_ENABLE: 'false',
      ...env,
      SETTLEMENT_JOURNAL_DIR: journalDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    process.stdout.write(chunk);
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    process.stderr.write(chunk);
  });
  const url = `http://127.0.0.1:${port}`;
  // Served once it says so (a single process once it listens, a cluster primary once every worker
  // does: one worker answers while another may still be recovering its slot, which a database cut
  // would then fail) and answers. Its own line, not only an answer: the port found free may have
  // been taken by another test file's gateway, which would answer in its place.
  const serving = async () => {
    if (child.exitCode !== null) {
      if (/EADDRINUSE/.test(output)) {
        if (ownsJournal) rmSync(journalDir, { recursive: true, force: true });
        throw new PortTaken(`port ${port} was taken before the gateway listened`);
      }
      throw new Error(`gateway exited with ${child.exitCode} before answering:\n${output.slice(-2000)}`);
    }
    try {
      if (!(await fetch(`${url}/api/status`)).ok) return false;
    } catch {
      return false; // Not listening yet.
    }
    return /^relaygate: (serving on|\d+ workers on port)/m.test(output);
  };
  if (!(await becomes(serving, 60_000))) {
    child.kill('SIGKILL');
    throw new Error('gateway did not serve within 60 s');
  }
  return {
    url,
    process: child,
    journalDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await once(child, 'exit');
        clearTimeout(timer);
      }
      if (ownsJournal && !killed) rmSync(journalDir, { recursive: true, force: true });
    },
    async killHard() {
      killed = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const workers = childPids(child.pid!);
      // The primary first, so it cannot fork a replacement for a worker it sees die.
      child.kill('SIGKILL');
      for (const pid of workers) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      await once(child, 'exit');
    },
  };
}
