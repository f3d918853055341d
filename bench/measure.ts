/** One benchmark session: the measured runs, their rows and notes, and how a gateway run is checked. */
import { CHAT_PATH } from './fixtures.ts';
import { readLedger, settle, stopGateway, type Gateway } from './gateway.ts';
import { loadRun, sequentialRun, type LoadNumbers, type Mode, type Target } from './load.ts';
import { startUsage } from './proc-stats.ts';
import { bareOf, type Row } from './report.ts';

/** A server under test: its process (for /proc), where to send requests, and its console if a gateway. */
export interface Server {
  name: string;
  pid: number;
  target: Target;
  gateway?: Gateway;
}

export interface SessionOptions {
  durationS: number;
  connections: number;
  sequentialCalls: number;
  warmupCalls: number;
  warmupS: number;
}

export const log = (message: string) => console.log(`[bench] ${message}`);

export function gatewayServer(gw: Gateway, name: string): Server {
  return {
    name,
    pid: gw.child.pid,
    gateway: gw,
    target: { name, url: gw.url, path: CHAT_PATH, headers: { authorization: `Bearer ${gw.key}` } },
  };
}

type Numbers = LoadNumbers & { ttfbP50Ms?: number; ttfbP99Ms?: number; broken?: number };

export class Session {
  readonly rows: Row[] = [];
  readonly notes: string[] = [];
  mockPid = 0;
  private readonly options: SessionOptions;

  constructor(options: SessionOptions) {
    this.options = options;
  }

  /** A problem nobody may miss: on stderr between banners, and in bold in the notes. */
  loud(message: string): void {
    console.error(`\n!!!!!!!! ${message} !!!!!!!!\n`);
    this.notes.push(`**${message}**`);
  }

  private run(target: Target, mode: Mode, concurrency: 1 | 50, warmup: boolean): Promise<Numbers> {
    const o = this.options;
    if (concurrency === 1) return sequentialRun(target, mode, warmup ? o.warmupCalls : o.sequentialCalls);
    return loadRun(target, mode, warmup ? o.warmupS : o.durationS, o.connections);
  }

  /** Warm-up, then the measured run with the server's and the mock's CPU and memory read around it. */
  async measured(server: Server, mode: Mode, concurrency: 1 | 50): Promise<void> {
    const { target, gateway } = server;
    const label = `${server.name} ${mode} c=${concurrency}`;
    const start = gateway ? await readLedger(gateway) : undefined;
    const warm = await this.run(target, mode, concurrency, true);
    if (gateway && start) {
      const warmCheck = await settle(gateway, start, warm.answered);
      if (!warmCheck.ok) {
        this.loud(
          `MISMATCH in the warm-up of ${label}: ${warmCheck.rows} log rows for ${warm.answered} answered`,
        );
      }
    }
    const before = gateway ? await readLedger(gateway) : undefined;
    const serverUsage = startUsage(server.pid);
    const mockUsage = startUsage(this.mockPid);
    const numbers = await this.run(target, mode, concurrency, false);
    const check = gateway && before ? await settle(gateway, before, numbers.answered) : undefined;
    const usage = serverUsage.end();
    const mock = mockUsage.end();
    const perRequest = (us: number) => (numbers.answered > 0 ? us / numbers.answered : NaN);
    const row: Row = {
      target: server.name,
      mode,
      concurrency,
      processes: usage.processes,
      answered: numbers.answered,
      rps: numbers.rps,
      p50Ms: numbers.p50Ms,
      p99Ms: numbers.p99Ms,
      ttfbP50Ms: numbers.ttfbP50Ms,
      ttfbP99Ms: numbers.ttfbP99Ms,
      cpuUsPerReq: perRequest(usage.cpuUs),
      mockCpuUsPerReq: perRequest(mock.cpuUs),
      idleMb: usage.idleMb,
      peakMb: usage.peakMb,
      peakReset: usage.peakReset,
      errors: numbers.errors,
      non2xx: numbers.non2xx,
      broken: numbers.broken,
      check,
    };
    this.rows.push(row);
    const bare = bareOf(this.rows, row);
    const ratio = bare && bare !== row ? ` (${(row.rps / bare.rps).toFixed(2)} × bare)` : '';
    log(
      `${label}: ${numbers.answered} answered, ${row.rps.toFixed(0)} req/s${ratio}, p50 ${row.p50Ms.toFixed(2)} ms, ` +
        `p99 ${row.p99Ms.toFixed(2)} ms, ${row.cpuUsPerReq.toFixed(0)} µs CPU/req, errors ${row.errors}, ` +
        `non-2xx ${row.non2xx}` +
        (check ? `, log rows ${check.rows}, spent ${check.spent}, logged ${check.logged}` : ''),
    );
    if (check && !check.ok) {
      this.loud(
        `MISMATCH after ${label}: ${check.rows} log rows for ${check.answered} answered; ` +
          `quota spent ${check.spent}, logged ${check.logged}`,
      );
    }
    if (numbers.broken) this.loud(`${label}: ${numbers.broken} 2xx answers without the mock's whole content`);
  }

  /** Stops a gateway, noting what it wrote at LOG_LEVEL=warn and whether it died on the way. */
  async finishGateway(gw: Gateway, name: string): Promise<void> {
    if (gw.child.process.exitCode !== null)
      this.loud(`${name} exited early (code ${gw.child.process.exitCode})`);
    if (gw.child.lines > 0) {
      this.notes.push(
        `${name} wrote ${gw.child.lines} lines of output (LOG_LEVEL=warn); last: \`${gw.child.output.at(-1)}\``,
      );
    }
    await stopGateway(gw);
  }
}
