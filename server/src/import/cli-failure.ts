import { ConfigError } from '../config.ts';
import { UnknownSchemaError } from './detect.ts';
import { SourceDsnError } from './source-dsn.ts';
import { reason, SourceUnavailableError } from './source.ts';
import { TargetRefusedError } from './target.ts';

/** Refusals a person can act on: said in one sentence, never with a stack trace. */
const EXPECTED = [
  SourceDsnError,
  SourceUnavailableError,
  UnknownSchemaError,
  TargetRefusedError,
  ConfigError,
];

/** Prints why `what` (Import, Export) stopped and answers the exit code: 2 refused before writing, 1 failed. */
export function reportFailure(what: string, error: unknown): number {
  const expected = EXPECTED.some((kind) => error instanceof kind);
  const after = expected
    ? 'Nothing was written.'
    : `What was written so far is kept: run the ${what.toLowerCase()} again.`;
  process.stderr.write(`${what} ${expected ? 'refused' : 'failed'}: ${reason(error)}\n${after}\n`);
  return expected ? 2 : 1;
}
