import { parseArgs } from 'node:util';
import { reportFailure } from './cli-failure.ts';
import { runExport } from './export.ts';
import { stderrProgressWriter } from './progress.ts';
import { reason } from './source.ts';

const USAGE = `Usage: npm run export -- --to <file>

Writes a backup of Relaygate's database (SQL_DSN / SQLITE_PATH, as the server reads them) to a new
SQLite file, read in one consistent snapshot; \`npm run import -- --from <file>\` restores it.`;

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: { to: { type: 'string' }, help: { type: 'boolean', default: false } },
    }).values;
  } catch (error) {
    process.stderr.write(`${reason(error)}\n\n${USAGE}\n`);
    return 2;
  }
  if (args.help || !args.to) {
    process.stderr.write(`${USAGE}\n`);
    return args.help ? 0 : 2;
  }
  try {
    const { report } = await runExport({ to: args.to, onProgress: stderrProgressWriter() });
    process.stdout.write(`Backup written to ${args.to}.\n${report.format(false)}\n`);
    return 0;
  } catch (error) {
    return reportFailure('Export', error);
  }
}

process.exitCode = await main();
