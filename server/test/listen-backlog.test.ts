import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnGateway, type SpawnedGateway } from './support/spawn-gateway.ts';
import { createTestDatabase, type TestDatabase } from './support/test-database.ts';

/** More connections than Node's default backlog (511) lets the kernel hold for a busy process. */
const BURST = 700;

const somaxconn = (): number => {
  try {
    return Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8').trim());
  } catch {
    return 0;
  }
};

/** A bound on a failing run only (the stopped node is resumed either way): a dropped SYN never connects. */
const GIVE_UP_MS = 20_000;

/**
 * Opens `count` connections and answers how many the kernel completed: all of them as soon as
 * it has, else as many as it had when the bound ran out. `sockets` receives every one opened.
 */
async function connected(url: string, count: number, sockets: Socket[]): Promise<number> {
  const { hostname, port } = new URL(url);
  let done = 0;
  return new Promise<number>((resolve, reject) => {
    const giveUp = setTimeout(() => resolve(done), GIVE_UP_MS);
    for (let i = 0; i < count; i++) {
      const socket = connect({ host: hostname, port: Number(port) }, () => {
        if (++done < count) return;
        clearTimeout(giveUp);
        resolve(done);
      });
      socket.on('error', (error) => {
        clearTimeout(giveUp);
        reject(error);
      });
      sockets.push(socket);
    }
  });
}

/**
 * A burst of connections while the process cannot accept (here: stopped) waits in the kernel's
 * queue instead of being dropped: with Node's default backlog of 511, the rest of a burst of 700
 * would wait for SYN retries and never connect while the process stays busy.
 */
describe.skipIf(somaxconn() < BURST + 100)('the listening socket under a burst of connections', () => {
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    for (const db of databases) await db.drop();
  });

  for (const workers of [1, 2]) {
    it(`holds ${BURST} connections for a stopped node (WORKERS=${workers})`, async () => {
      const db = await createTestDatabase('sqlite');
      databases.push(db);
      const gateway: SpawnedGateway = await spawnGateway(db, { WORKERS: String(workers) });
      const pid = gateway.process.pid!;
      const sockets: Socket[] = [];
      try {
        process.kill(pid, 'SIGSTOP');
        let held: number;
        try {
          held = await connected(gateway.url, BURST, sockets);
        } finally {
          process.kill(pid, 'SIGCONT');
          for (const socket of sockets) socket.destroy();
        }
        expect(held).toBe(BURST);
        // Running again, it accepts the burst (closed meanwhile) and answers as before.
        const status = await fetch(`${gateway.url}/api/status`);
        expect(status.status).toBe(200);
      } finally {
        await gateway.stop();
      }
    }, 60_000);
  }
});
