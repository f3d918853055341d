import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { openStore } from '../../src/store/db.ts';
import { fillSource, type SourceFacts } from './new-api-seed.ts';
import { createSourceTables, type SourceSchema } from './new-api-schemas.ts';
import { createTestDatabase, type TestDatabase, type TestDbKind } from './test-database.ts';

export const IMPORT_MAIN = fileURLToPath(new URL('../../src/import/main.ts', import.meta.url));

/** A source database built from `schema` and filled: of the kind under test unless `kind` says. */
export async function buildSource(
  schema: SourceSchema,
  options: { upstreamUrl: string; logs?: number; kind?: TestDbKind },
): Promise<{ db: TestDatabase; facts: SourceFacts; dsn: string }> {
  const db = await createTestDatabase(options.kind);
  const store = openStore({ sqlDsn: db.sqlDsn, sqlitePath: db.sqlitePath });
  try {
    const loose = store.db as unknown as Kysely<unknown>;
    await createSourceTables(loose, db.kind, schema);
    const facts = await fillSource(loose, db.kind, schema, options);
    return { db, facts, dsn: newApiDsn(db) };
  } finally {
    await store.close();
  }
}

/** The DSN as new-api's own SQL_DSN would spell it: Go's MySQL form, postgres://, or the SQLite file. */
export function newApiDsn(db: TestDatabase): string {
  if (db.kind === 'sqlite') return `${db.sqlitePath}?_busy_timeout=30000`;
  if (db.kind === 'postgres') return db.sqlDsn;
  const url = new URL(db.sqlDsn);
  return `${url.username}:${decodeURIComponent(url.password)}@tcp(${url.host})${url.pathname}?charset=utf8mb4&parseTime=True`;
}

export const targetEnv = (db: TestDatabase) => ({
  SQL_DSN: db.sqlDsn,
  SQLITE_PATH: db.sqlitePath || 'unused.db',
});

export interface ImportRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run import` as a person runs it, in a child process. `killWhen` is checked on every piece of
 * stderr (the progress lines): when it holds, the import is killed with SIGKILL there and then.
 */
export function runImportProcess(
  args: string[],
  env: Record<string, string>,
  killWhen?: (stderr: string) => boolean,
): Promise<ImportRun> {
  const child = spawn(process.execPath, [IMPORT_MAIN, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (killWhen?.(stderr)) child.kill('SIGKILL');
  });
  return new Promise((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
}

/** The mock upstream's answer to an imported key's chat call. */
export const importedChatAnswer = (content: string) => ({
  id: 'chatcmpl-imported',
  object: 'chat.completion',
  created: 1_767_225_600,
  model: 'gpt-4o-mini',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 },
});
