import { parseArgs } from 'node:util';
import { ConfigError } from '../config.ts';
import { UnknownSchemaError } from './detect.ts';
import { stderrProgressWriter } from './progress.ts';
import { runImport } from './run-import.ts';
import { SourceDsnError } from './source-dsn.ts';
import { reason, SourceUnavailableError } from './source.ts';
import { TargetRefusedError } from './target.ts';

const USAGE = `Usage: npm run import -- --from <DSN> [--dry-run] [--merge]

Imports a new-api (or one-api) database into Relaygate's (SQL_DSN / SQLITE_PATH, as the server reads them).
  --from      the new-api database: a SQLite file (one-api.db), postgres://…, user:pass@tcp(host:3306)/db or mysql://…
  --dry-run   read everything and report what would be imported, writing nothing
  --merge     import although Relaygate's database already holds users of its own
  --batch     rows per transaction (default 500)`;

/** Refusals a person can act on: said in one sentence, never with a stack trace. */
const EXPECTED = [
  SourceDsnError,
  SourceUnavailableError,
  UnknownSchemaError,
  TargetRefusedError,
  ConfigError,
];

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        from: { type: 'string' },
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
      dryRun: args['dry-run'],
      merge: args.merge,
      batchSize,
      onProgress: stderrProgressWriter(),
    });
    process.stdout.write(`Source: a ${flavour} database.\n${report.format(args['dry-run'])}\n`);
    return 0;
  } catch (error) {
    const expected = EXPECTED.some((kind) => error instanceof kind);
    const after = expected
      ? 'Nothing was written.'
      : 'What was imported so far is kept: run the import again to go on.';
    process.stderr.write(`Import ${expected ? 'refused' : 'failed'}: ${reason(error)}\n${after}\n`);
    return expected ? 2 : 1;
  }
}

process.exitCode = await main();
