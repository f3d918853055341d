import type { TestProject } from 'vitest/node';
import { databaseReachable, type TestDbKind } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUnavailable: boolean;
  }
}

/** Runs once per database project: in CI an unreachable server fails the run, locally it skips visibly. */
export default async function probe(project: TestProject): Promise<void> {
  const kind = (project.config.env?.TEST_DB ?? 'sqlite') as TestDbKind;
  const reachable = await databaseReachable(kind);
  if (!reachable && process.env.CI) {
    throw new Error(`${kind} is not reachable, and CI requires it (see README: test databases)`);
  }
  if (!reachable) console.warn(`\n*** ${kind} is not reachable: its integration tests are SKIPPED ***\n`);
  project.provide('databaseUnavailable', !reachable);
}
