import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { TestDatabase } from './test-database.ts';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

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
  stop(): Promise<void>;
}

/** Runs the gateway exactly as `npm start` does, as a child process, and waits until it answers. */
export async function spawnGateway(db: TestDatabase, env: Record<string, string>): Promise<SpawnedGateway> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SQL_DSN: db.sqlDsn,
      SQLITE_PATH: db.sqlitePath || 'unused.db',
      SESSION_SECRET: 'spawned-gateway-secret',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gateway exited with ${child.exitCode} before answering`);
    try {
      if ((await fetch(`${url}/api/status`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('gateway did not answer within 30 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    process: child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await once(child, 'exit');
      clearTimeout(timer);
    },
  };
}
