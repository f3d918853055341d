import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { newJournalDir } from './support/journal-dir.ts';
import { createTestDatabase, type TestDatabase } from './support/test-database.ts';

const SOURCES = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/**
 * A node whose port is taken stops with a message saying so, instead of its cluster primary
 * re-forking workers that can never listen (a node that looks alive and serves nothing).
 */
describe('a gateway whose port is taken', () => {
  const databases: TestDatabase[] = [];
  let squatter: Server | undefined;

  afterAll(async () => {
    squatter?.close();
    for (const db of databases) await db.drop();
  });

  it('stops its workers and exits 1 with a message naming the port', async () => {
    squatter = createServer();
    squatter.listen(0, '127.0.0.1');
    await once(squatter, 'listening');
    const port = (squatter.address() as AddressInfo).port;
    const db = await createTestDatabase('sqlite');
    databases.push(db);
    const child = spawn(process.execPath, [SOURCES], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        WORKERS: '2',
        SQLITE_PATH: db.sqlitePath,
        SQL_DSN: '',
        SESSION_SECRET: 'port-in-use-secret',
        SETTLEMENT_JOURNAL_DIR: newJournalDir(),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code, output).toBe(1);
    expect(output).toContain(`cannot listen on 127.0.0.1:${port}`);
    expect(output).toMatch(/stopping the node/);
    expect(output).not.toMatch(/starting another in/);
  }, 60_000);
});
