import type { FastifyInstance } from 'fastify';
import { insertReturningId } from '../../store/insert.ts';
import type { Reservation } from '../../store/quota.ts';
import type { NewTaskRow, TaskTable } from '../../store/task-money.ts';
import type { RelayRuntime } from '../call/pipeline.ts';
import { admitCall } from '../call/call-limits.ts';
import { recordAccepted, type AcceptedTask } from './accepted-tasks.ts';
import { releaseReservation, reserveFor } from '../billing/reservation.ts';
import { taskSubmitLog, type TaskCall } from './task-log.ts';
import type { TaskPrice } from './task-price.ts';

/** What the upstream made of a submission. */
export type SubmitOutcome<T extends TaskTable> =
  | {
      accepted: true;
      /** The upstream's id of the task, named in the log row. */
      taskId: string;
      action: string;
      row: NewTaskRow<T>;
      /** The channel that took it, when another than the call's first (tasks/task-retry.ts). */
      channelId?: number;
    }
  /** Refused: nothing is charged; the row, when given, records the refusal (quota 0). */
  | { accepted: false; row?: NewTaskRow<T> };

export interface TaskSubmission<T extends TaskTable> {
  table: T;
  call: TaskCall;
  price: TaskPrice;
  /** Some actions are never charged (new-api's inpaint and custom zoom). */
  free?: boolean;
  /** Sends the submission upstream; a throw means it was not accepted. */
  send(): Promise<SubmitOutcome<T>>;
}

/** The upstream accepted the task but the gateway could not record it: nothing is charged. */
export class TaskNotRecorded extends Error {}

export interface Submitted {
  /** Whether the upstream took the task. */
  accepted: boolean;
  /** The task row's id (undefined: a refusal without a row, or a task kept until the database takes it). */
  id?: number;
  charged: number;
}

/**
 * One task submission through the money rules: the price is reserved first (a wallet or key that
 * cannot cover it is refused before the upstream is asked), the upstream is asked, and then either
 * the reservation becomes the charge together with the task's row and its log row in one
 * transaction (accepted), or it is given back in full (refused, failed, or not recordable). An
 * accepted one is kept on disk until that transaction commits (accepted-tasks.ts), so a database
 * away or a crash delays its charge and never loses it. Every reservation so ends in exactly one
 * settlement or refund, and a process killed while the upstream is asked has its reservation
 * refunded by its restart or by another node (relay/billing/settlements.ts).
 */
export async function submitTask<T extends TaskTable>(
  app: FastifyInstance,
  runtime: RelayRuntime,
  submission: TaskSubmission<T>,
): Promise<Submitted> {
  const cost = submission.free ? 0 : submission.price.quota;
  const { caller, requestId } = submission.call;
  // The key's rate limits, budget and concurrency count a task as they count a call.
  const admission = await admitCall(app, caller, {
    model: submission.price.model,
    requestId,
    estimate: cost,
  });
  let submitted: Submitted | undefined;
  let reservation: Reservation | undefined;
  try {
    reservation = cost > 0 ? await reserveFor(app, runtime.nodeId, caller, cost) : undefined;
    if (reservation) runtime.inFlight.add(reservation.id);
    submitted = await sendAndRecord(app, runtime, submission, reservation, cost);
    return submitted;
  } finally {
    if (reservation) runtime.inFlight.delete(reservation.id);
    const charged = submitted?.charged ?? 0;
    admission.finish({ success: submitted?.accepted ?? false, cost: charged, tokens: 0 });
  }
}

async function sendAndRecord<T extends TaskTable>(
  app: FastifyInstance,
  runtime: RelayRuntime,
  submission: TaskSubmission<T>,
  reservation: Reservation | undefined,
  cost: number,
): Promise<Submitted> {
  const release = async () => {
    if (reservation) await releaseReservation(app, runtime.settlements, reservation);
  };
  let outcome: SubmitOutcome<T>;
  try {
    outcome = await submission.send();
  } catch (error) {
    await release();
    throw error;
  }
  // Refused (recorded or not) or free: nothing is charged, the row records the task at quota 0.
  const uncharged = async (row: NewTaskRow<T> | undefined, accepted: boolean): Promise<Submitted> => {
    if (!row) return { accepted, charged: 0 };
    const values = { ...row, quota: 0 } as NewTaskRow<'midjourneys'>;
    const id = await insertReturningId(app.store, submission.table as 'midjourneys', values);
    return { accepted, id, charged: 0 };
  };
  if (!outcome.accepted) {
    await release();
    return uncharged(outcome.row, false);
  }
  if (!reservation) return uncharged(outcome.row, true);
  const channelId = outcome.channelId ?? submission.call.channelId;
  const call = { ...submission.call, channelId };
  const log = taskSubmitLog(call, submission.price, outcome.action, outcome.taskId);
  const task: AcceptedTask = {
    reservation,
    cost,
    channelId,
    log,
    table: submission.table,
    row: outcome.row as AcceptedTask['row'],
  };
  // Kept on disk first: a crash or a database away from here on loses no charge of a task the upstream runs.
  const kept = runtime.acceptedTasks.keep(task);
  try {
    const recorded = await recordAccepted(app, runtime.acceptedTasks, task);
    return { accepted: true, id: recorded.id, charged: recorded.charged };
  } catch (error) {
    if (kept) {
      app.log.warn({ err: error }, 'an accepted task is kept until the database records it');
      return { accepted: true, charged: cost };
    }
    // Neither recorded nor kept, so not charged (a commit whose acknowledgement was lost is found by
    // the refund's claim: the reservation is gone and nothing is given back twice).
    app.log.error({ err: error }, 'an accepted task could not be recorded; its reservation is refunded');
    await release();
    throw new TaskNotRecorded('the task was accepted upstream but could not be recorded');
  }
}
