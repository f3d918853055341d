import { closeSync, ftruncateSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Settlement } from '../../store/settle-batch.ts';
import { readSettlementLines } from './settlement-journal.ts';

/** A segment this long is closed and a new one begun, so settled lines do not pile up under load. */
const SEGMENT_LINES = 2_000;

interface Segment {
  path: string;
  fd: number;
  lines: number;
  /** Settlements recorded here that are neither in the database nor in the journal yet. */
  open: number;
}

/**
 * Every settlement the batcher is given, written at once to a local file (one write, no fsync)
 * and forgotten once the database or the journal holds it. A process killed with `kill -9`
 * between a call's answer and its batch's commit loses nothing: the operating system keeps what
 * was written, and the next start settles it (a line that was settled already changes nothing,
 * its reservation being gone). Only a power cut can lose what the disk had not stored yet.
 *
 * The files are `<journal>.ahead-<n>`; a full segment is removed once all of its settlements are
 * settled, and the segment being written is emptied whenever everything recorded in it is.
 */
export class SettlementWriteAhead {
  private readonly prefix: string;
  /** The segment being written; opened by the first settlement recorded after a start or a rotation. */
  private current: Segment | undefined;
  private next: number;
  /** Segments numbered below this were written by an earlier process. */
  private readonly firstOwn: number;
  private readonly segmentOf = new WeakMap<Settlement, Segment>();
  private readonly onWriteFailed: (error: unknown) => void;

  /** `onWriteFailed`: the disk refused a line (full, gone); the settlement is still settled from memory. */
  constructor(journalPath: string, onWriteFailed: (error: unknown) => void = () => {}) {
    this.onWriteFailed = onWriteFailed;
    this.prefix = `${journalPath}.ahead-`;
    this.next = Math.max(0, ...this.segmentPaths().map((path) => this.numberOf(path) + 1));
    this.firstOwn = this.next;
  }

  /** Settlements an earlier process left in its segments (read at start, before any is recorded). */
  leftovers(): Settlement[] {
    return this.earlierPaths().flatMap((path) => readSettlementLines(path));
  }

  /** Removes the earlier process's segments, once what they held is kept elsewhere (the journal). */
  dropLeftovers(): void {
    for (const path of this.earlierPaths()) rmSync(path, { force: true });
  }

  record(settlement: Settlement): void {
    try {
      const segment = (this.current ??= this.openSegment());
      this.segmentOf.set(settlement, segment);
      segment.open++;
      segment.lines++;
      writeSync(segment.fd, `${JSON.stringify(settlement)}\n`);
      if (segment.lines >= SEGMENT_LINES) this.rotate(segment);
    } catch (error) {
      this.onWriteFailed(error);
    }
  }

  /** These settlements are in the database or in the journal now. */
  finished(settlements: readonly Settlement[]): void {
    for (const settlement of settlements) {
      const segment = this.segmentOf.get(settlement);
      if (!segment) continue;
      this.segmentOf.delete(settlement);
      segment.open--;
      if (segment.open > 0) continue;
      if (segment === this.current) this.empty(segment);
      else this.remove(segment);
    }
  }

  close(): void {
    const segment = this.current;
    this.current = undefined;
    if (!segment) return;
    closeSync(segment.fd);
    if (segment.open === 0) rmSync(segment.path, { force: true });
  }

  private rotate(full: Segment): void {
    this.current = undefined;
    if (full.open === 0) this.remove(full);
  }

  private empty(segment: Segment): void {
    segment.lines = 0;
    ftruncateSync(segment.fd, 0);
  }

  private remove(segment: Segment): void {
    closeSync(segment.fd);
    rmSync(segment.path, { force: true });
  }

  private openSegment(): Segment {
    const path = `${this.prefix}${this.next++}`;
    return { path, fd: openSync(path, 'a'), lines: 0, open: 0 };
  }

  private earlierPaths(): string[] {
    return this.segmentPaths().filter((path) => this.numberOf(path) < this.firstOwn);
  }

  private segmentPaths(): string[] {
    const dir = dirname(this.prefix);
    const name = basename(this.prefix);
    return readdirSync(dir)
      .filter((file) => file.startsWith(name) && /^\d+$/.test(file.slice(name.length)))
      .map((file) => join(dir, file));
  }

  private numberOf(path: string): number {
    return Number(path.slice(this.prefix.length));
  }
}
