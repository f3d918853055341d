export type ProgressWriter = (line: string, final: boolean, changed: boolean) => void;

/** One line per table as it goes (rows done / total, rate): the first batch at once, then every second. */
export class Progress {
  private readonly started = Date.now();
  private lastPrint = 0;
  private lastDone = -1;
  private readonly table: string;
  private readonly total: number;
  private readonly write: ProgressWriter;

  constructor(table: string, total: number, write: ProgressWriter) {
    this.table = table;
    this.total = total;
    this.write = write;
  }

  update(done: number, final = false): void {
    const now = Date.now();
    if (!final && now - this.lastPrint < 1000) return;
    this.lastPrint = now;
    const seconds = Math.max((now - this.started) / 1000, 0.001);
    const rate = Math.round(done / seconds);
    this.write(`${this.table}: ${done} / ${this.total} rows, ${rate} rows/s`, final, done !== this.lastDone);
    this.lastDone = done;
  }
}

/** Progress goes to stderr: on a terminal a table's line is redrawn in place, elsewhere each is a line of its own. */
export function stderrProgressWriter(): ProgressWriter {
  const tty = process.stderr.isTTY;
  return (line, final, changed) => {
    if (tty) process.stderr.write(`\r\x1b[2K${line}${final ? '\n' : ''}`);
    else if (changed) process.stderr.write(`${line}\n`);
  };
}
