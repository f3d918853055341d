import { parseArgs } from 'node:util';
import { reportFailure } from './cli-failure.ts';
import { stderrProgressWriter } from './progress.ts';
import { runImport } from './run-import.ts';
import { reason } from './source.ts';

const USAGE = `Usage: npm run import -- --from <DSN> [--logs-from <DSN>] [--dry-run] [--merge]

Imports a new-api (or one-api) database into Relaygate's (SQL_DSN / SQLITE_PATH, as the server reads them).
  --from      the new-api database: a SQLite file (one-api.db), postgres://…, user:pass@tcp(host:3306)/db or mysql://…
  --logs-from the database of new-api's logs, when it had a LOG_SQL_DSN of their own (same forms)
  --dry-run   read everything and report what would be imported, writing nothing
  --merge     import although Relaygate's database already holds users of its own
  --batch     rows per transaction (default 500)`;

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        from: { type: 'string' },
        'logs-from': { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        merge: { type: 'boolean', default: false },
        batch: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    process.stderr.write(`${reason(error)}\n\n${USAGE}\n`);
    return 2;
  }
  if (args.help || !args.from) {
    process.stderr.write(`${USAGE}\n`);
    return args.help ? 0 : 2;
  }
  const batchSize = args.batch ? Number(args.batch) : undefined;
  if (batchSize !== undefined && !(Number.isInteger(batchSize) && batchSize > 0)) {
    process.stderr.write('--batch must be a positive whole number\n');
    return 2;
  }
  try {
    const { report, flavour } = await runImport({
      from: args.from,
      logsFrom: args['logs-from'],
      dryRun: args['dry-run'],
      merge: args.merge,
      batchSize,
      onProgress: stderrProgressWriter(),
    });
    process.stdout.write(`Source: a ${flavour} database.\n${report.format(args['dry-run'])}\n`);
    return 0;
  } catch (error) {
    return reportFailure('Import', error);
  }
}

process.exitCode = await main();
