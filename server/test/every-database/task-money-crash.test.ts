import { describe, expect, it } from 'vitest';
import { collectedAvailable } from '../support/fixtures.ts';
import { useTaskCluster } from '../support/task-cluster.ts';
import {
  expectTaskMoney,
  heldReservations,
  submitTask,
  unfinishedCount,
  type TaskKind,
} from '../support/task-faults.ts';
import { databaseUnavailable } from '../support/test-server.ts';
import { waitFor } from '../support/wait.ts';

const WALLET = 100_000_000;
const ACCOUNTS = 2;
/** Per account: songs, drawings and videos, recorded and charged before the kill. */
const RECORDED: TaskKind[] = ['suno', 'suno', 'mj', 'mj', 'video', 'video'];
/** Per account: submissions the upstream has received, not answered, when the gateway is killed. */
const IN_FLIGHT: TaskKind[] = ['suno', 'mj', 'video'];

/**
 * Issue #28 item 4, kill -9 on every database: a gateway with music, drawings and videos running
 * (each charged at submit) is killed while more submissions wait on their upstreams and while its
 * polls wait on the answers that end every task (half succeed, a video at twice the seconds it was
 * charged for; half fail). Restarted in its place on the same database, it polls every task to its
 * end. Then, per wallet and key, what was lost equals the log rows; each task recorded was charged
 * once, refunded once if it failed, its duration settled once if it is a finished video; the
 * submissions cut by the kill left neither a row, a charge nor a reservation.
 */
describe.skipIf(databaseUnavailable() || !collectedAvailable)(
  'tasks: kill -9 mid-submit and mid-poll',
  () => {
    const rig = useTaskCluster(1, ACCOUNTS, WALLET);

    const users = () => rig().accounts.map((account) => account.userId);

    it('charges each task once and refunds each failure once across the crash', async () => {
      const { platforms, cluster, accounts } = rig();
      const url = cluster.nodes[0]!.url;
      const recorded = await Promise.all(
        accounts.flatMap((account) => RECORDED.map((kind) => submitTask(url, account.key, kind))),
      );
      expect(recorded.map((answer) => answer.status)).toEqual(recorded.map(() => 200));
      // Polled at least once: every drawing and song has been asked about.
      await waitFor(
        () => platforms.mj.polls > 0 && platforms.suno.polls > 0,
        (asked) => asked,
        'the first polls',
      );

      platforms.hold();
      platforms.endAll();
      const cut = accounts.flatMap((account) => IN_FLIGHT.map((kind) => submitTask(url, account.key, kind)));
      const submitted = accounts.length * (RECORDED.length + IN_FLIGHT.length);
      // The cut submissions reached their upstreams, and polls wait there too (a video is asked one
      // task at a time, drawings and songs one list per channel).
      await waitFor(
        () => ({ submissions: platforms.submissions, waiting: platforms.inFlight }),
        ({ submissions, waiting }) =>
          submissions === submitted && waiting >= accounts.length * IN_FLIGHT.length + 3,
        'submissions and polls waiting on the upstreams',
      );
      await cluster.nodes[0]!.killHard();
      platforms.release();
      expect((await Promise.all(cut)).map((answer) => answer.status)).toEqual(cut.map(() => 0));

      await cluster.addNode(cluster.nodes[0]);
      await waitFor(
        async () => ({
          open: await unfinishedCount(cluster.store.db, users()),
          held: await heldReservations(cluster.store.db, users()),
        }),
        ({ open, held }) => open === 0 && held === 0,
        'every task ended and every reservation ended',
        30_000,
      );
      const tasks = await expectTaskMoney(cluster.store.db, accounts, accounts.length * RECORDED.length);
      expect(new Set(tasks.map((task) => task.status))).toEqual(new Set(['SUCCESS', 'FAILURE']));
    }, 90_000);
  },
);
