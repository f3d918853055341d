import { sql, type Transaction } from 'kysely';
import type { Database } from '../store/schema.ts';
import { columnWidths, tooLong } from './column-widths.ts';
import type { ImportContext } from './context.ts';
import { insertNew } from './insert-new.ts';
import { int, RowSkip, type SourceRow } from './values.ts';

// Rows are built per table from loose source rows; the target's column types are checked by the tests.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TargetRow = Record<string, any> & { id: number };
type TargetTable =
  | 'users'
  | 'tokens'
  | 'channels'
  | 'logs'
  | 'redemptions'
  | 'top_ups'
  | 'midjourneys'
  | 'tasks'
  | 'quota_data';

/** How one source table becomes one of ours. */
export interface TableImport {
  table: TargetTable;
  /** The source columns `map` reads; any other source column is reported as not imported. */
  reads: readonly string[];
  /** One source row as ours; throws RowSkip to leave it out with a reason. */
  map(row: SourceRow, context: ImportContext): TargetRow;
  /** The source user a row belongs to: skipped when that user was not imported. */
  userOf?: (row: TargetRow) => number;
  /** A column that tells a row imported before (same value) from another one holding the same id. */
  identity?: string;
  /** Rows of this page in source id order, ids above `after` (default: the table itself). */
  readPage?: (context: ImportContext, after: number, limit: number) => Promise<SourceRow[]>;
  count?: (context: ImportContext) => Promise<number>;
  /** Runs in the transaction that inserted these rows. */
  afterInsert?: (trx: Transaction<Database>, rows: TargetRow[]) => Promise<void>;
  /** Called for a row that was not imported (skipped or conflicting). */
  onSkip?: (row: TargetRow, context: ImportContext) => void;
}

export async function copyTable(spec: TableImport, context: ImportContext): Promise<void> {
  const { report } = context;
  const counts = report.table(spec.table);
  counts.total = spec.count ? await spec.count(context) : await countSource(context, spec.table);
  const progress = context.progress(spec.table, counts.total);
  reportDroppedColumns(spec, context);
  const widths = context.targetReady
    ? await columnWidths(context.target, spec.table)
    : new Map<string, number>();
  let after = Number.MIN_SAFE_INTEGER;
  let done = 0;
  for (;;) {
    const page = spec.readPage
      ? await spec.readPage(context, after, context.batchSize)
      : await readById(context, spec.table, after, context.batchSize);
    if (page.length === 0) break;
    after = int(page[page.length - 1]!.id);
    const rows = mapPage(spec, page, context, widths);
    await writeBatch(spec, rows, context);
    done += page.length;
    progress.update(done);
  }
  progress.update(done, true);
}

function mapPage(
  spec: TableImport,
  page: SourceRow[],
  context: ImportContext,
  widths: Map<string, number>,
): TargetRow[] {
  const rows: TargetRow[] = [];
  for (const source of page) {
    try {
      const row = spec.map(source, context);
      const overflow = tooLong(row, widths);
      if (overflow) throw new RowSkip(overflow);
      const user = spec.userOf?.(row);
      if (user !== undefined && context.skippedUsers.has(user)) {
        context.report.skip(spec.table, 'its user was not imported');
        continue;
      }
      rows.push(row);
    } catch (error) {
      if (!(error instanceof RowSkip)) throw error;
      context.report.skip(spec.table, error.message);
      if (spec.table === 'users') context.skippedUsers.add(int(source.id));
    }
  }
  return rows;
}

async function writeBatch(spec: TableImport, rows: TargetRow[], context: ImportContext): Promise<void> {
  if (rows.length === 0) return;
  const counts = context.report.table(spec.table);
  if (!context.targetReady) {
    counts.imported += rows.length;
    return;
  }
  const write = async (trx: Transaction<Database>) => {
    const fresh = await leaveOutPresent(spec, rows, trx, context);
    if (context.dryRun || fresh.length === 0) {
      counts.imported += fresh.length;
      return;
    }
    await insertNew(trx, context.target.dialect, spec.table, fresh, 'id');
    const landed = await presentIds(
      trx,
      spec.table,
      fresh.map((row) => row.id),
    );
    const inserted = fresh.filter((row) => landed.has(row.id));
    for (const row of fresh) {
      if (landed.has(row.id)) continue;
      context.report.skip(spec.table, 'conflicts with a row already here (same name, key or code)');
      spec.onSkip?.(row, context);
    }
    counts.imported += inserted.length;
    if (inserted.length > 0) await spec.afterInsert?.(trx, inserted);
    if (context.target.dialect === 'postgres') await advanceSequence(trx, spec.table);
  };
  // A dry run only reads the target, but the same way, so it reports what a run would do.
  await context.target.db.transaction().execute(write);
}

/** Rows whose id a previous run already imported are counted, not written; an id taken by another row is a skip. */
async function leaveOutPresent(
  spec: TableImport,
  rows: TargetRow[],
  trx: Transaction<Database>,
  context: ImportContext,
): Promise<TargetRow[]> {
  const ids = rows.map((row) => row.id);
  const column = spec.identity;
  const present = new Map<number, unknown>();
  const query = trx
    .selectFrom(spec.table)
    .select(column ? ['id', `${column} as identity` as 'id'] : ['id'])
    .where('id', 'in', ids);
  for (const row of (await query.execute()) as { id: unknown; identity?: unknown }[]) {
    const id = Number(row.id);
    if (spec.table !== 'users' || id !== context.replacedSeed) present.set(id, row.identity);
  }
  const fresh: TargetRow[] = [];
  const counts = context.report.table(spec.table);
  for (const row of rows) {
    if (!present.has(row.id)) fresh.push(row);
    else if (!column || String(present.get(row.id)) === String(row[column])) counts.already += 1;
    else {
      context.report.skip(spec.table, 'its id is taken here by a different row');
      spec.onSkip?.(row, context);
    }
  }
  return fresh;
}

async function presentIds(
  trx: Transaction<Database>,
  table: TargetTable,
  ids: number[],
): Promise<Set<number>> {
  const rows = await trx.selectFrom(table).select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => Number(row.id)));
}

/** PostgreSQL's serial does not move when ids are given: new rows made here later must not collide. */
async function advanceSequence(trx: Transaction<Database>, table: TargetTable): Promise<void> {
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), m) from (select max(id) as m from ${sql.table(table)}) t where m is not null`.execute(
    trx,
  );
}

async function countSource(context: ImportContext, table: string): Promise<number> {
  const row = await context.read
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function readById(context: ImportContext, table: string, after: number, limit: number): Promise<SourceRow[]> {
  return context.read
    .selectFrom(table)
    .selectAll()
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

function reportDroppedColumns(spec: TableImport, context: ImportContext): void {
  const columns = context.source.columns.get(spec.table);
  if (!columns) return;
  const reads = new Set(spec.reads);
  const dropped = [...columns].filter((column) => !reads.has(column)).sort();
  if (dropped.length > 0) context.report.droppedColumns.set(spec.table, dropped);
}
