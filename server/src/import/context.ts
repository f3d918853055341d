import type { Store } from '../store/db.ts';
import type { Flavour } from './detect.ts';
import type { ImportReport } from './report.ts';
import type { LooseDb, SourceDb } from './source.ts';

/** What every table's import shares. */
export interface ImportContext {
  source: SourceDb;
  /** The source inside its read snapshot. */
  read: LooseDb;
  flavour: Flavour;
  target: Store;
  /** The target's tables exist (false on a dry run against a database never migrated). */
  targetReady: boolean;
  dryRun: boolean;
  report: ImportReport;
  /** Source users not imported: their tokens, logs and the rest are skipped with them. */
  skippedUsers: Set<number>;
  /** The first-start root the source's users replace (a dry run leaves it in place, as if gone). */
  replacedSeed?: number;
  progress: (table: string, total: number) => { update(done: number, final?: boolean): void };
  /** Rows per read and per target transaction. */
  batchSize: number;
}
