import { logsView } from '../store/db.ts';
import { copyTable, type TableImport } from './copy-table.ts';
import type { ImportContext } from './context.ts';
import { detectFlavour, UnknownSchemaError } from './detect.ts';
import { Progress, type ProgressWriter } from './progress.ts';
import { ImportReport } from './report.ts';
import { parseSourceDsn } from './source-dsn.ts';
import { openSource, type SourceDb } from './source.ts';
import { midjourneysImport, tasksImport } from './tables/async-jobs.ts';
import { channelsImport } from './tables/channels.ts';
import { logsImport } from './tables/logs.ts';
import { importOptions } from './tables/options.ts';
import { quotaDataImport } from './tables/quota-data.ts';
import { redemptionsImport } from './tables/redemptions.ts';
import { tokensImport } from './tables/tokens.ts';
import { topUpsImport } from './tables/top-ups.ts';
import { usersImport } from './tables/users.ts';
import { checkTargetUsers, migrateTarget, openTarget, targetHasTables } from './target.ts';

export interface ImportOptions {
  /** The new-api database: a SQLite file or a DSN in new-api's forms. */
  from: string;
  /** Where new-api kept its logs when it had a LOG_SQL_DSN of their own. */
  logsFrom?: string;
  dryRun?: boolean;
  /** Allow a target that already holds users of its own. */
  merge?: boolean;
  /** Where Relaygate's database is (SQL_DSN, SQLITE_PATH), as the server reads it. */
  env?: NodeJS.ProcessEnv;
  batchSize?: number;
  onProgress?: ProgressWriter;
  /** Runs last, inside the source's read snapshot (the export gives back quota held by calls in flight). */
  finish?: (context: ImportContext) => Promise<void>;
}

/** Users first (their rows decide what else is skipped), channels before nothing that needs them. */
const TABLES: TableImport[] = [
  usersImport,
  channelsImport,
  tokensImport,
  redemptionsImport,
  topUpsImport,
  logsImport,
  quotaDataImport,
  midjourneysImport,
  tasksImport,
];

/** Source tables read otherwise (options), rebuilt here (abilities), or of no use here. */
const ALSO_READ = ['options', 'abilities', 'setups'];

/** Reads a new-api (or one-api) database and writes what is new into Relaygate's; answers what it did. */
export async function runImport(options: ImportOptions): Promise<{ report: ImportReport; flavour: string }> {
  const dryRun = options.dryRun ?? false;
  const location = parseSourceDsn(options.from);
  const source = await openSource(location);
  let logsSource: SourceDb | undefined;
  try {
    const flavour = detectFlavour(source.columns);
    if (options.logsFrom) logsSource = await openLogsSource(options.logsFrom);
    const target = await openTarget(options.env ?? process.env);
    try {
      const report = new ImportReport();
      const hasTables = await targetHasTables(target);
      await source.snapshot(async (read) => {
        // Refusals come before anything is written, migrations included.
        const { replacedSeed } = hasTables
          ? await checkTargetUsers(target, read, { merge: options.merge ?? false, dryRun, report })
          : {};
        if (!dryRun) await migrateTarget(target);
        const targetReady = hasTables || !dryRun;
        const context: ImportContext = {
          source,
          read,
          flavour,
          target,
          targetReady,
          dryRun,
          report,
          skippedUsers: new Set(),
          replacedSeed,
          batchSize: options.batchSize ?? 500,
          progress: (table, total) => new Progress(table, total, options.onProgress ?? (() => {})),
        };
        await importOptions(context);
        // Log rows go where the server reads them: the log database when LOG_SQL_DSN names one.
        const logsContext = { ...context, target: logsView(target) };
        for (const table of TABLES) {
          if (table === logsImport && logsSource) {
            const logs = logsSource;
            await logs.snapshot((read) => copyTable(logsImport, { ...logsContext, source: logs, read }));
          } else if (table === logsImport && source.columns.has('logs')) {
            await copyTable(logsImport, logsContext);
          } else if (!source.columns.has(table.table)) {
            report.notes.push(`the source has no ${table.table} table`);
          } else await copyTable(table, context);
        }
        const known = new Set([...TABLES.map((table) => table.table), ...ALSO_READ]);
        const leftOut = [...source.columns.keys()].filter((table) => !known.has(table)).sort();
        if (leftOut.length > 0) report.notes.push(`source tables not imported: ${leftOut.join(', ')}`);
        await options.finish?.(context);
      });
      return { report, flavour };
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
    await logsSource?.close();
  }
}

/** new-api's LOG_SQL_DSN database: any engine, holding a logs table. */
async function openLogsSource(dsn: string): Promise<SourceDb> {
  const logs = await openSource(parseSourceDsn(dsn));
  if (!logs.columns.get('logs')?.has('id')) {
    await logs.close();
    throw new UnknownSchemaError(`--logs-from ${logs.shown} has no logs table`);
  }
  return logs;
}
