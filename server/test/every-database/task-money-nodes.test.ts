import type { BackgroundJobs } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { TASK_POLL_JOB } from '../../src/relay/tasks/task-poller.ts';
import { ConsoleClient } from '../support/console-client.ts';
import { collectedAvailable } from '../support/fixtures.ts';
import { useTaskCluster } from '../support/task-cluster.ts';
import type { SpawnedGateway } from '../support/spawn-gateway.ts';
import {
  expectTaskMoney,
  heldReservations,
  submitTask,
  unfinishedCount,
  type TaskKind,
} from '../support/task-faults.ts';
import { testDbKind } from '../support/test-database.ts';
import { databaseUnavailable } from '../support/test-server.ts';
import { waitFor } from '../support/wait.ts';

const WALLET = 100_000_000;
const ACCOUNTS = 2;
const KINDS: TaskKind[] = ['suno', 'mj', 'video'];

/**
 * Issue #28 items 4 and 5, several nodes: three gateways on one PostgreSQL take submissions of
 * music, drawings and videos side by side; one of them holds the poll job's lease and keeps it
 * while it lives. It is killed (kill -9) while its polls wait on the answers that end every task
 * and while submissions wait on their upstreams; a survivor takes the job over, polls every task
 * to its end, and the dead node's reservations are refunded. Every task is charged once, refunded
 * once if it failed, its duration settled once if it is a finished video; every wallet and key
 * lost what its rows say.
 */
describe.skipIf(databaseUnavailable() || testDbKind() !== 'postgres' || !collectedAvailable)(
  'tasks on three nodes',
  () => {
    const rig = useTaskCluster(3, ACCOUNTS, WALLET);

    const lease = () =>
      rig()
        .cluster.store.db.selectFrom('job_leases')
        .select(['holder', 'last_node'])
        .where('name', '=', TASK_POLL_JOB)
        .executeTakeFirst();
    /** The process's name in leases, as its console tells it. */
    const nodeOf = async (gateway: SpawnedGateway) => {
      const console = new ConsoleClient(gateway.url);
      console.bearer = rig().cluster.root.bearer;
      console.userId = 1;
      return (await console.get<BackgroundJobs>('/api/jobs')).body.data!.node;
    };
    const users = () => rig().accounts.map((account) => account.userId);

    it('polls on one node, moves the job when it dies, and settles every task once', async () => {
      const { platforms, cluster, accounts } = rig();
      const nodes = cluster.nodes;
      const submitted = await Promise.all(
        accounts.flatMap((account, a) =>
          [...KINDS, ...KINDS].map((kind, k) =>
            submitTask(nodes[(a + k) % nodes.length]!.url, account.key, kind),
          ),
        ),
      );
      expect(submitted.map((answer) => answer.status)).toEqual(submitted.map(() => 200));

      // One node holds the job, and keeps it while it lives: polls go on, the lease stays.
      const names = await Promise.all(nodes.map(nodeOf));
      const first = await waitFor(lease, (row) => names.includes(row?.holder ?? ''), 'the lease taken');
      const polls = platforms.mj.polls;
      await waitFor(
        () => platforms.mj.polls,
        (n) => n >= polls + 5,
        'five more polls',
      );
      expect(await lease()).toMatchObject({ holder: first!.holder, last_node: first!.holder });
      const holder = nodes[names.indexOf(first!.holder)]!;

      // The holder dies while its polls wait for the tasks' ends and submissions wait upstream.
      platforms.hold();
      platforms.endAll();
      const cut = KINDS.map((kind) => submitTask(holder.url, accounts[0]!.key, kind));
      await waitFor(
        () => [platforms.suno, platforms.mj, platforms.videos].map((mock) => mock.upstream.inFlight),
        (waiting) => waiting.every((n) => n >= 2),
        'polls and submissions waiting on every platform',
      );
      await holder.killHard();
      platforms.release();
      expect((await Promise.all(cut)).map((answer) => answer.status)).toEqual(KINDS.map(() => 0));

      await waitFor(
        async () => ({
          open: await unfinishedCount(cluster.store.db, users()),
          held: await heldReservations(cluster.store.db, users()),
        }),
        ({ open, held }) => open === 0 && held === 0,
        'every task ended by a survivor, and the dead node reservations refunded',
        30_000,
      );
      const now = await lease();
      expect(now!.holder).not.toBe(first!.holder);
      expect(names).toContain(now!.holder);
      await expectTaskMoney(cluster.store.db, accounts, submitted.length);
    }, 90_000);
  },
);
