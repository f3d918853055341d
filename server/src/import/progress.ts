/** One line per table as it goes (rows done / total, rate), rewritten in place on a terminal. */
export class Progress {
  private started = Date.now();
  private lastPrint = 0;

  private readonly table: string;
  private readonly total: number;
  private readonly write: (line: string, final: boolean) => void;

  constructor(table: string, total: number, write: (line: string, final: boolean) => void) {
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
    this.write(`${this.table}: ${done} / ${this.total} rows, ${rate} rows/s`, final);
  }
}

/** Progress lines go to stderr: on a terminal one line per table is redrawn, elsewhere each is a line. */
export function stderrProgressWriter(): (line: string, final: boolean) => void {
  const tty = process.stderr.isTTY;
  return (line, final) => {
    if (tty) process.stderr.write(`\r\x1b[2K${line}${final ? '\n' : ''}`);
    else process.stderr.write(`${line}\n`);
  };
}
