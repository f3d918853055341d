import { appendFileSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { Settlement } from '../../store/settle-batch.ts';

/**
 * Settlements the database could not take yet, one JSON line each, in a local file that survives
 * a restart. Writes are synchronous and reach the operating system at once, so a `kill -9` right
 * after loses nothing (a power cut may lose what the disk had not flushed). Replaying a line that
 * was already settled is harmless: its reservation is gone and the settlement changes nothing.
 */
export class SettlementJournal {
  private readonly path: string;
  private count: number;
  /** When the journal last went from empty to holding settlements (unix ms); undefined while empty. */
  private heldSince: number | undefined;
  /** Lines appended since the last read(), which a replace() must keep. */
  private appendedSinceRead: Settlement[] = [];

  constructor(path: string) {
    this.path = path;
    this.count = this.read().length;
    if (this.count > 0) this.heldSince = Date.now();
  }

  /** Seconds the journal has held settlements without being emptied; 0 while empty. */
  get ageSeconds(): number {
    return this.heldSince === undefined ? 0 : (Date.now() - this.heldSince) / 1000;
  }

  /** How many settlements wait in the journal. */
  get size(): number {
    return this.count;
  }

  append(settlements: Settlement[]): void {
    if (settlements.length === 0) return;
    appendFileSync(this.path, settlements.map((s) => `${JSON.stringify(s)}\n`).join(''));
    this.appendedSinceRead.push(...settlements);
    this.count += settlements.length;
    this.heldSince ??= Date.now();
  }

  read(): Settlement[] {
    this.appendedSinceRead = [];
    return readSettlementLines(this.path);
  }

  /**
   * Keeps only `remaining` of what the last read() answered, plus whatever was appended since;
   * atomic (a new file renamed over the old one).
   */
  replace(readRemaining: Settlement[]): void {
    const remaining = [...readRemaining, ...this.appendedSinceRead];
    this.appendedSinceRead = [];
    if (remaining.length === 0) rmSync(this.path, { force: true });
    else {
      writeFileSync(`${this.path}.tmp`, remaining.map((s) => `${JSON.stringify(s)}\n`).join(''));
      renameSync(`${this.path}.tmp`, this.path);
    }
    this.count = remaining.length;
    if (this.count === 0) this.heldSince = undefined;
  }
}

/** The settlements of a file of JSON lines (none when it does not exist). */
export function readSettlementLines<T = Settlement>(path: string): T[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as T];
      } catch {
        // A line cut short by a crash mid-write: its settlement was never acknowledged as kept.
        return [];
      }
    });
}
