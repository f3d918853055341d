import { existsSync, renameSync, rmSync } from 'node:fs';
import { sql } from 'kysely';
import { loadConfig } from '../config.ts';
import { giveBackHeld } from '../store/quota.ts';
import type { ImportContext } from './context.ts';
import type { ProgressWriter } from './progress.ts';
import { runImport } from './run-import.ts';
import { TargetRefusedError } from './target.ts';

/**
 * A backup of Relaygate's own database as a new SQLite file, read in one snapshot, in the tables
 * and columns the import reads: `npm run import -- --from <file>` restores it. Sessions, calls in
 * flight and node leases are left out; quota held by calls in flight is given back in the copy, as
 * a restart would refund it.
 */
export async function runExport(options: {
  to: string;
  env?: NodeJS.ProcessEnv;
  onProgress?: ProgressWriter;
}) {
  if (existsSync(options.to)) throw new TargetRefusedError(`${options.to} exists already: name a new file`);
  const config = loadConfig(options.env ?? process.env);
  const partial = `${options.to}.partial`;
  rmSync(partial, { force: true });
  const result = await runImport({
    from: config.sqlDsn || config.sqlitePath,
    // The logs of a LOG_SQL_DSN database go into the same backup file.
    logsFrom: config.logSqlDsn || undefined,
    env: { SQLITE_PATH: partial },
    onProgress: options.onProgress,
    finish: refundHeldQuota,
  });
  for (const suffix of ['-wal', '-shm']) rmSync(`${partial}${suffix}`, { force: true });
  renameSync(partial, options.to);
  return result;
}

/** The quota calls in flight hold, given back to their users and limited tokens in the copy. */
async function refundHeldQuota({ read, target, report }: ImportContext): Promise<void> {
  const held = await read
    .selectFrom('reservations')
    .select([
      'user_id',
      'token_id',
      'token_unlimited',
      sql<number>`sum(amount)`.as('amount'),
      sql<number>`count(*)`.as('calls'),
    ])
    .groupBy(['user_id', 'token_id', 'token_unlimited'])
    .execute();
  if (held.length === 0) return;
  await target.db.transaction().execute(async (trx) => {
    for (const row of held) await giveBackHeld(trx, row, Number(row.amount));
  });
  const calls = held.reduce((sum, row) => sum + Number(row.calls), 0);
  report.notes.push(`the quota ${calls} call(s) in flight held was given back in the copy`);
}
