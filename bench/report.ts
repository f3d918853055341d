/** The results table (markdown and JSON) and the targets of issue 4, each PASS or MISS. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LedgerCheck } from './gateway.ts';
import type { HoldResult } from './hold-streams.ts';
import type { Mode } from './load.ts';

export interface Row {
  target: string;
  mode: Mode;
  concurrency: number;
  /** Processes of the server measured (a multi-worker gateway counts its workers). */
  processes: number;
  answered: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  ttfbP50Ms?: number;
  ttfbP99Ms?: number;
  cpuUsPerReq: number;
  mockCpuUsPerReq: number;
  idleMb: number;
  peakMb: number;
  /** False when VmHWM could not be reset: the peak is then since the process started. */
  peakReset: boolean;
  errors: number;
  non2xx: number;
  /** 2xx answers whose content was not whole (c=1 runs only, which check every body). */
  broken?: number;
  check?: LedgerCheck;
}

export interface Verdict {
  name: string;
  value: string;
  goal: string;
  /** null: not measured. */
  pass: boolean | null;
}

export interface Report {
  date: string;
  durationS: number;
  cores: number;
  node: string;
  /** The commit measured, with "+ changes" when server/ differs from it. */
  revision: string;
  /** One-minute load average when the run began and when it ended. */
  loadAverage: [number, number];
  rows: Row[];
  hold: HoldResult | null;
  targets: Verdict[];
  notes: string[];
}

const BARE = 'bare relay';

const f = (n: number | undefined, digits = 2) =>
  n === undefined || !Number.isFinite(n) ? '–' : n.toFixed(digits);

function checkCell(check: LedgerCheck | undefined): string {
  if (!check) return '';
  const text = `${check.rows}/${check.answered} rows, ${check.spent}/${check.logged} quota`;
  return check.ok ? `ok: ${text}` : `**MISMATCH**: ${text}`;
}

/** The bare relay's row of the same run to set `row` beside: same concurrency, and JSON or SSE (a converted stream is an SSE call). */
export function bareOf(rows: readonly Row[], row: Row): Row | undefined {
  const mode: Mode = row.mode === 'json' ? 'json' : 'sse';
  return rows.find((r) => r.target === BARE && r.mode === mode && r.concurrency === row.concurrency);
}

const times = (value: number, bare: number | undefined) =>
  bare === undefined || !(bare > 0) ? '–' : `${f(value / bare)} ×`;

export function tableMarkdown(rows: readonly Row[]): string {
  const head =
    '| target | mode | conc | procs | answered | req/s | req/s × bare | p50 ms | p99 ms | TTFB p50/p99 ms | CPU µs/req | CPU × bare | mock CPU µs/req | RSS idle MB | RSS peak MB | errors | non-2xx | log rows / answered, spent / logged |\n' +
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|\n';
  return (
    head +
    rows
      .map((r) =>
        [
          r.target,
          r.mode,
          r.concurrency,
          r.processes,
          r.answered,
          f(r.rps, 0),
          times(r.rps, bareOf(rows, r)?.rps),
          f(r.p50Ms),
          f(r.p99Ms),
          r.ttfbP50Ms === undefined ? '' : `${f(r.ttfbP50Ms)} / ${f(r.ttfbP99Ms)}`,
          f(r.cpuUsPerReq, 0),
          times(r.cpuUsPerReq, bareOf(rows, r)?.cpuUsPerReq),
          f(r.mockCpuUsPerReq, 0),
          f(r.idleMb, 1),
          `${f(r.peakMb, 1)}${r.peakReset ? '' : ' (since start)'}`,
          r.errors,
          r.non2xx + (r.broken ? ` (+${r.broken} broken)` : ''),
          checkCell(r.check),
        ].join(' | '),
      )
      .map((line) => `| ${line} |`)
      .join('\n')
  );
}

const find = (rows: readonly Row[], target: string, mode: Mode, concurrency: number) =>
  rows.find((r) => r.target === target && r.mode === mode && r.concurrency === concurrency);

/** The targets of issue 4, from the rows of the same run. */
export function judge(rows: readonly Row[], hold: HoldResult | null, gateways: readonly string[]): Verdict[] {
  const targets: Verdict[] = [];
  const bareJson1 = find(rows, BARE, 'json', 1);
  const bareSse1 = find(rows, BARE, 'sse', 1);
  const gwJson1 = find(rows, gateways[0]!, 'json', 1);
  const gwSse1 = find(rows, gateways[0]!, 'sse', 1);

  for (const gateway of gateways) {
    for (const mode of ['json', 'sse'] as const) {
      const gw = find(rows, gateway, mode, 50);
      const bare = find(rows, BARE, mode, 50);
      const ratio = gw && bare ? gw.rps / bare.rps : NaN;
      targets.push({
        name: `${mode === 'json' ? 'JSON requests' : 'SSE streams'}/s, ${gateway} vs bare, 50 conns`,
        value: `${f(ratio)} × (${f(gw?.rps, 0)} / ${f(bare?.rps, 0)})`,
        goal: '≥ 0.60 × bare',
        pass: Number.isFinite(ratio) ? ratio >= 0.6 : null,
      });
    }
  }
  for (const mode of ['json', 'sse'] as const) {
    const peer = find(rows, 'portkey', mode, 50);
    const bare = find(rows, BARE, mode, 50);
    if (peer && bare) {
      targets.push({
        name: `portkey ${mode} rps vs bare, 50 conns (peer, for comparison)`,
        value: `${f(peer.rps / bare.rps)} × (${f(peer.rps, 0)} / ${f(bare.rps, 0)})`,
        goal: '–',
        pass: null,
      });
    }
  }
  const added = (a?: number, b?: number) => (a === undefined || b === undefined ? NaN : a - b);
  const addedP50 = added(gwJson1?.p50Ms, bareJson1?.p50Ms);
  const addedP99 = added(gwJson1?.p99Ms, bareJson1?.p99Ms);
  const addedTtfb = added(gwSse1?.ttfbP50Ms, bareSse1?.ttfbP50Ms);
  const within = (value: number, limit: number) => (Number.isFinite(value) ? value <= limit : null);
  targets.push(
    {
      name: 'added latency p50, JSON, c=1',
      value: `${f(addedP50, 3)} ms`,
      goal: '≤ 0.5 ms',
      pass: within(addedP50, 0.5),
    },
    {
      name: 'added latency p99, JSON, c=1',
      value: `${f(addedP99, 3)} ms`,
      goal: '≤ 2 ms',
      pass: within(addedP99, 2),
    },
    {
      name: 'added time to first byte of a stream (p50), c=1',
      value: `${f(addedTtfb, 3)} ms (p99 ${f(added(gwSse1?.ttfbP99Ms, bareSse1?.ttfbP99Ms), 3)} ms)`,
      goal: '≤ 1 ms',
      pass: within(addedTtfb, 1),
    },
  );
  for (const gateway of gateways) {
    for (const mode of ['json', 'sse'] as const) {
      const gw = find(rows, gateway, mode, 50);
      targets.push({
        name: `CPU per request, ${gateway}, ${mode}, 50 conns`,
        value: `${f(gw?.cpuUsPerReq, 0)} µs`,
        goal: '≤ 200 µs',
        pass: gw ? gw.cpuUsPerReq <= 200 : null,
      });
    }
    const loaded = rows.filter((r) => r.target === gateway && r.concurrency === 50);
    const peak = loaded.length ? Math.max(...loaded.map((r) => r.peakMb)) : NaN;
    targets.push({
      name: `peak RSS under 50 conns, ${gateway}${loaded.some((r) => r.processes > 1) ? ' (all processes)' : ''}`,
      value: `${f(peak, 1)} MB`,
      goal: '≤ 150 MB',
      pass: within(peak, 150),
    });
  }
  if (!hold || hold.skipped) {
    targets.push({
      name: '5,000 streams held open',
      value: hold?.skipped ? `skipped: ${hold.skipped}` : 'not run',
      goal: 'all complete, < 400 MB',
      pass: null,
    });
  } else {
    const peak = Math.max(hold.sampledPeakMb, hold.peakMb);
    targets.push({
      name: `${hold.streams} streams held open (1 event/s for 20 s)`,
      value: `${hold.completed}/${hold.streams} complete, ${hold.heldPeak} open at once, peak ${f(peak, 1)} MB`,
      goal: 'all complete, < 400 MB',
      pass: hold.completed === hold.streams && peak < 400,
    });
  }
  const checked = rows
    .filter((r) => r.check)
    .map((r) => ({ name: `${r.target} ${r.mode} c=${r.concurrency}`, check: r.check! }));
  if (hold?.check) checked.push({ name: 'held-open streams', check: hold.check });
  const bad = checked.filter((c) => !c.check.ok);
  targets.push({
    name: 'nothing lost: log rows = answered, spent = logged, every gateway run',
    value: bad.length ? `MISMATCH in ${bad.map((c) => c.name).join(', ')}` : `${checked.length} runs match`,
    goal: 'all match',
    pass: checked.length ? bad.length === 0 : null,
  });
  return targets;
}

export function targetsMarkdown(targets: readonly Verdict[]): string {
  const verdict = (t: Verdict) => (t.pass === null ? 'n/a' : t.pass ? 'PASS' : '**MISS**');
  return (
    '| target | measured | goal | result |\n|---|---|---|---|\n' +
    targets.map((t) => `| ${t.name} | ${t.value} | ${t.goal} | ${verdict(t)} |`).join('\n')
  );
}

export function reportMarkdown(report: Report): string {
  const hold = report.hold;
  const holdLines =
    hold && !hold.skipped
      ? `\n\nHeld-open streams: ${hold.completed} of ${hold.streams} complete, ${hold.failed} failed ` +
        `(${hold.waiting} with no byte by the deadline, ${hold.cutOff} cut off mid-stream, ${hold.bad} bad), ` +
        `${hold.heldPeak} open at once; gateway RSS idle ${f(hold.idleMb, 1)} MB, sampled peak ` +
        `${f(hold.sampledPeakMb, 1)} MB, VmHWM ${f(hold.peakMb, 1)} MB; ${f(hold.elapsedMs / 1000, 1)} s.`
      : '';
  return (
    `# Relaygate benchmark, ${report.date}\n\n` +
    `${report.durationS} s per loaded run at 50 connections; c=1 runs are sequential requests. ` +
    `${report.cores} cores, Node ${report.node}, revision ${report.revision}, load average ` +
    `${f(report.loadAverage[0])} → ${f(report.loadAverage[1])}. All processes on 127.0.0.1; CPU and memory are ` +
    `the server process's own (with its children), the mock's apart.\n\n` +
    `${tableMarkdown(report.rows)}\n\n## Targets\n\n${targetsMarkdown(report.targets)}${holdLines}\n` +
    (report.notes.length ? `\n## Notes\n\n${report.notes.map((n) => `- ${n}`).join('\n')}\n` : '')
  );
}

/** The commit of the repository in `dir`, marked when the server has uncommitted changes. */
export function revision(dir: string): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
  try {
    return git('rev-parse', '--short', 'HEAD') + (git('status', '--porcelain', 'server') ? ' + changes' : '');
  } catch {
    return 'unknown';
  }
}

/** Writes latest.md/json and a timestamped copy under bench/results/; answers the markdown path. */
export function writeReport(report: Report, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const markdown = reportMarkdown(report);
  const json = `${JSON.stringify(report, null, 2)}\n`;
  const stamp = report.date.replace(/[:.]/g, '-');
  for (const name of ['latest', stamp]) {
    writeFileSync(join(dir, `${name}.md`), markdown);
    writeFileSync(join(dir, `${name}.json`), json);
  }
  return join(dir, 'latest.md');
}
