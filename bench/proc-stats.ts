/** Readers of /proc: CPU time and resident memory of a process and its descendants (Linux only). */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

/** Clock ticks per second of utime/stime (`getconf CLK_TCK`, normally 100). */
export function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** The fields of /proc/<pid>/stat after the command name: index 0 is field 3 (state). */
function statFields(pid: number): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** The process and every live descendant (workers forked by it), found by their ppid. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [root];
  }
  for (const name of entries) {
    const ppid = Number(statFields(Number(name))?.[1]);
    if (!Number.isFinite(ppid)) continue;
    const list = children.get(ppid) ?? [];
    list.push(Number(name));
    children.set(ppid, list);
  }
  const tree: number[] = [];
  const queue = [root];
  while (queue.length > 0 && tree.length < 10_000) {
    const pid = queue.shift()!;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** The start time of a process (clock ticks since boot), to tell it from a later one with its pid. */
export function startTime(pid: number): string | undefined {
  return statFields(pid)?.[19];
}

/** utime+stime of these processes (all their threads), in microseconds. */
export function cpuMicros(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const fields = statFields(pid);
    if (fields) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1_000_000) / clockTicks();
}

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
      readFileSync(`/proc/${pid}/status`, 'utf8'),
    );
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** Resident memory now (VmRSS), summed over the processes, in MB. */
export const rssMb = (pids: readonly number[]): number =>
  pids.reduce((sum, pid) => sum + statusKb(pid, 'VmRSS'), 0) / 1024;

/** Peak resident memory (VmHWM), summed over the processes, in MB. */
export const peakMb = (pids: readonly number[]): number =>
  pids.reduce((sum, pid) => sum + statusKb(pid, 'VmHWM'), 0) / 1024;

/**
 * Resets the peak (VmHWM) to the current RSS by writing 5 to clear_refs. Answers false when not
 * allowed, and the peak is then the peak since the process started.
 */
export function resetPeak(pids: readonly number[]): boolean {
  let all = true;
  for (const pid of pids) {
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
    } catch {
      all = false;
    }
  }
  return all;
}

/** A CPU and memory snapshot of a process tree, taken before a run; `end` reads the change. */
export interface Usage {
  cpuUs: number;
  idleMb: number;
  peakMb: number;
  peakReset: boolean;
  processes: number;
}

export function startUsage(root: number): { end(): Usage } {
  const before = processTree(root);
  const peakReset = resetPeak(before);
  const idleMb = rssMb(before);
  const cpuBefore = cpuMicros(before);
  return {
    end() {
      const after = processTree(root);
      return {
        // Processes that ended during the run take their CPU with them; those started count whole.
        cpuUs: cpuMicros(after) - cpuBefore,
        idleMb,
        peakMb: peakMb(after),
        peakReset,
        processes: after.length,
      };
    },
  };
}

/** The open-files limit of processes started from here (`ulimit -n`), or undefined if unknown. */
export function fileLimit(): number | undefined {
  try {
    const out = execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim();
    return out === 'unlimited' ? Infinity : Number(out);
  } catch {
    return undefined;
  }
}
