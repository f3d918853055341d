import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** How often the holder of a slot touches its lock, and after how long an untouched lock is stale. */
const LOCK_TOUCH_MS = 2_000;
const LOCK_STALE_MS = 10_000;

export interface NodeIdentity {
  /** Names this process's reservations: the same after a restart in the same directory and slot. */
  nodeId: string;
  /** Where settlements the database could not take yet are kept (see settlement-journal.ts). */
  journalPath: string;
  release(): void;
}

function readOrCreateMachineId(dir: string): string {
  const path = join(dir, 'node-id');
  try {
    writeFileSync(path, randomUUID(), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(path, 'utf8').trim();
}

function holderOf(lockPath: string): { pid: number; fresh: boolean } | undefined {
  try {
    const pid = Number(readFileSync(lockPath, 'utf8'));
    const fresh = Date.now() - statSync(lockPath).mtimeMs < LOCK_STALE_MS;
    return { pid, fresh };
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const heldByAnother = (lockPath: string): number | undefined => {
  const holder = holderOf(lockPath);
  return holder && holder.pid !== process.pid && holder.fresh && alive(holder.pid) ? holder.pid : undefined;
};

/**
 * Claims worker slot `slot` of the journal directory `dir` for this process. The directory's
 * node id (created once) plus the slot name the reservations this process makes, so that after a
 * crash the process started in its place settles its journal and refunds what was left behind.
 * A lock file, touched while held, keeps two live processes from sharing a slot: a lock whose
 * process died, or that nobody touched for 10 s, is taken over; one still held after `waitMs`
 * stops the start with a message.
 */
export async function claimNodeIdentity(dir: string, slot: number, waitMs = 1_000): Promise<NodeIdentity> {
  mkdirSync(dir, { recursive: true });
  const machineId = readOrCreateMachineId(dir);
  const lockPath = join(dir, `worker-${slot}.lock`);
  const deadline = Date.now() + waitMs;
  for (let holder = heldByAnother(lockPath); holder !== undefined; holder = heldByAnother(lockPath)) {
    if (Date.now() > deadline) {
      throw new Error(
        `the settlement journal ${dir} (slot ${slot}) is in use by process ${holder}: give each gateway process its own SETTLEMENT_JOURNAL_DIR`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  writeFileSync(lockPath, String(process.pid));
  const touch = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(lockPath, now, now);
    } catch {
      // The directory went away; nothing to keep fresh.
    }
  }, LOCK_TOUCH_MS);
  touch.unref();
  return {
    nodeId: `${machineId}/${slot}`,
    journalPath: join(dir, `settlements-${slot}.jsonl`),
    release() {
      clearInterval(touch);
      try {
        if (holderOf(lockPath)?.pid === process.pid) unlinkSync(lockPath);
      } catch {
        // Already gone.
      }
    },
  };
}
