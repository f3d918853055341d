import { afterAll, beforeAll } from 'vitest';
import type { Store } from '../../src/store/db.ts';
import { startCluster, type MoneyCluster } from './money-cluster.ts';
import { insertTokenRow, insertUserRow } from './relay-seed.ts';
import { addTaskChannels, TaskPlatforms, type TaskAccount } from './task-faults.ts';

/** What the task fault tests run against: the task platforms, and gateways on one fresh database. */
export interface TaskCluster {
  platforms: TaskPlatforms;
  cluster: MoneyCluster;
  accounts: TaskAccount[];
  stop(): Promise<void>;
}

/** A user with `wallet` quota and a limited key holding as much. */
export async function seedTaskAccount(store: Store, wallet: number): Promise<TaskAccount> {
  const userId = await insertUserRow(store, wallet);
  const token = await insertTokenRow(store, { userId, unlimited: false, remainQuota: wallet });
  return { userId, tokenId: token.id, key: token.key, wallet, token: wallet };
}

/**
 * `nodes` gateways (one process each) on one fresh database of the kind under test, polling every
 * 0.1 s under a lease of 1 s, their reservations leased for 3 s (so a dead node's are taken over
 * quickly, and a live node's are not, on a busy machine), a channel per task platform, and `accounts` accounts of `wallet` each.
 */
export async function startTaskCluster(
  nodes: number,
  accounts: number,
  wallet: number,
): Promise<TaskCluster> {
  const platforms = await new TaskPlatforms().start();
  let cluster: MoneyCluster | undefined;
  const stop = async () => {
    await cluster?.stop();
    await platforms.stop();
  };
  try {
    cluster = await startCluster({
      nodes,
      env: {
        WORKERS: '1',
        TASK_POLL_INTERVAL_SECONDS: '0.1',
        TASK_POLL_LEASE_SECONDS: '1',
        RESERVATION_LEASE_SECONDS: '3',
      },
      prepare: (root) => addTaskChannels(root, platforms),
    });
    const seeded: TaskAccount[] = [];
    for (let i = 0; i < accounts; i++) seeded.push(await seedTaskAccount(cluster.store, wallet));
    return { platforms, cluster, accounts: seeded, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Starts a task cluster before the file's tests and stops it after them; answers a getter of it. */
export function useTaskCluster(nodes: number, accounts: number, wallet: number): () => TaskCluster {
  let rig: TaskCluster | undefined;
  beforeAll(async () => {
    rig = await startTaskCluster(nodes, accounts, wallet);
  }, 120_000);
  afterAll(() => rig?.stop());
  return () => rig!;
}
