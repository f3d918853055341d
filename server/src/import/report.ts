/** What the import did, table by table, and what it left behind and why. */
export interface TableCounts {
  total: number;
  imported: number;
  /** Rows a previous run imported (same id): a second run adds only what is new. */
  already: number;
  skipped: Map<string, number>;
  /** Rows imported with something to know about them (a retired channel type). */
  warnings: Map<string, number>;
}

export class ImportReport {
  readonly tables = new Map<string, TableCounts>();
  /** Source columns that have no place in ours, per table (their values are not imported). */
  readonly droppedColumns = new Map<string, string[]>();
  readonly unknownOptions: string[] = [];
  readonly notes: string[] = [];

  table(name: string): TableCounts {
    let counts = this.tables.get(name);
    if (!counts) {
      counts = { total: 0, imported: 0, already: 0, skipped: new Map(), warnings: new Map() };
      this.tables.set(name, counts);
    }
    return counts;
  }

  skip(table: string, reason: string, count = 1): void {
    const skipped = this.table(table).skipped;
    skipped.set(reason, (skipped.get(reason) ?? 0) + count);
  }

  warn(table: string, reason: string): void {
    const warnings = this.table(table).warnings;
    warnings.set(reason, (warnings.get(reason) ?? 0) + 1);
  }

  skippedCount(table: string): number {
    return [...this.table(table).skipped.values()].reduce((sum, n) => sum + n, 0);
  }

  format(dryRun: boolean): string {
    const lines = [dryRun ? 'Dry run: nothing was written. What an import would do:' : 'Import report:'];
    const verb = dryRun ? 'to import' : 'imported';
    for (const [name, counts] of this.tables) {
      lines.push(
        `  ${name}: ${counts.total} in source, ${counts.imported} ${verb}, ${counts.already} already there, ${this.skippedCount(name)} skipped`,
      );
      for (const [why, n] of counts.skipped) lines.push(`    skipped ${n}: ${why}`);
      for (const [what, n] of counts.warnings) lines.push(`    ${n} of them: ${what}`);
    }
    for (const [table, columns] of this.droppedColumns) {
      lines.push(`  ${table}: source columns with no place here, not imported: ${columns.join(', ')}`);
    }
    if (this.unknownOptions.length > 0) {
      lines.push(
        `  options not known here, not imported (${this.unknownOptions.length}): ${this.unknownOptions.join(', ')}`,
      );
    }
    for (const note of this.notes) lines.push(`  note: ${note}`);
    return lines.join('\n');
  }
}
