import { appendFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { recordChargedSubmit, type SubmitCharge, type TaskTable } from '../../store/task-money.ts';
import { readSettlementLines } from '../billing/settlement-journal.ts';
import { afterTaskCharge } from './after-charge.ts';

/** A submission the upstream accepted, as kept on disk until its charge and row are in the database. */
export type AcceptedTask = SubmitCharge<TaskTable>;

/**
 * Task submissions an upstream accepted whose charge and row the database has not taken yet, one
 * JSON line each in a local file beside the settlement journal (`<journal>.tasks`). A submission is
 * written here the moment the upstream accepts it, before its transaction, and forgotten once the
 * transaction commits. So neither a `kill -9` in between nor a database that cannot take it now
 * loses the charge of a task the upstream runs: the process records it when the database is back,
 * or its next start does, before it refunds the reservations its last run left (relay/settlements.ts).
 * Writing one twice is harmless (store/task-money.ts: recordChargedSubmit is idempotent).
 * Writes are synchronous and reach the operating system at once (only a power cut may lose one).
 */
export class AcceptedTasks {
  private readonly path: string;
  /** The submissions kept, by their reservation's id. */
  private readonly kept = new Map<string, AcceptedTask>();

  constructor(journalPath: string) {
    this.path = `${journalPath}.tasks`;
    for (const task of readSettlementLines<AcceptedTask>(this.path)) this.kept.set(task.reservation.id, task);
  }

  /** How many wait for the database. */
  get size(): number {
    return this.kept.size;
  }

  /** The reservations of those kept: their calls have ended, but nothing may refund them. */
  reservationIds(): string[] {
    return [...this.kept.keys()];
  }

  /** Those kept, the oldest first. */
  pending(): AcceptedTask[] {
    return [...this.kept.values()];
  }

  /** Keeps an accepted submission; false when the disk refused it (it is then not kept at all). */
  keep(task: AcceptedTask): boolean {
    try {
      appendFileSync(this.path, `${JSON.stringify(task)}\n`);
    } catch {
      return false;
    }
    this.kept.set(task.reservation.id, task);
    return true;
  }

  /** The submission's charge and row are in the database: it is forgotten. */
  recorded(task: AcceptedTask): void {
    if (!this.kept.delete(task.reservation.id)) return;
    if (this.kept.size === 0) rmSync(this.path, { force: true });
    else {
      const lines = this.pending().map((kept) => `${JSON.stringify(kept)}\n`);
      writeFileSync(`${this.path}.tmp`, lines.join(''));
      renameSync(`${this.path}.tmp`, this.path);
    }
  }
}

/**
 * Writes one accepted submission's charge and row (store/task-money.ts), tells the caches and
 * counters of its charge, and forgets it from `kept`. Throws as the database does; it is then kept.
 */
export async function recordAccepted(app: FastifyInstance, kept: AcceptedTasks, task: AcceptedTask) {
  const recorded = await recordChargedSubmit(app.store, task);
  kept.recorded(task);
  if (recorded.charged > 0)
    afterTaskCharge(app, task.reservation, { channelId: task.channelId, log: task.log, ...recorded });
  return recorded;
}

/**
 * Records every kept submission the database takes now (at start, before the reservations the last
 * run left are refunded; and while the process runs, after an outage). Answers how many are left.
 */
export async function recordKept(app: FastifyInstance, kept: AcceptedTasks): Promise<number> {
  for (const task of kept.pending()) await recordAccepted(app, kept, task);
  return kept.size;
}
