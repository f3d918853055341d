/** The gateway under test: a child `node server/dist/main.js` (as `npm start`) on a fresh SQLite file, seeded via the console API. */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BEDROCK_KEY, BEDROCK_MODEL, BEDROCK_PREFIX } from './bedrock-fixtures.ts';
import { MODEL } from './fixtures.ts';
import { startNode, stopChild, type Child } from './processes.ts';

export const ROOT_DIR = join(import.meta.dirname, '..');

/** Temporary database folders of the gateways still running, removed on stop (and on Ctrl-C). */
const tempDirs = new Set<string>();

export function removeTempDirs(): void {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

export interface Gateway {
  url: string;
  child: Child;
  /** The API key (sk-…) created through the console. */
  key: string;
  workers: number;
  accessToken: string;
  dir: string;
}

/** A port free on 127.0.0.1 now (the gateway's PORT must be given before it starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

interface Envelope<T> {
  success: boolean;
  message?: string;
  data?: T;
}

/** A console API call as root, with the system access token and New-Api-User: 1. */
export async function consoleApi<T>(gw: Gateway, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(gw.url + path, {
    method,
    headers: {
      authorization: `Bearer ${gw.accessToken}`,
      'new-api-user': '1',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!response.ok || !envelope.success) {
    throw new Error(`${method} ${path}: HTTP ${response.status} ${envelope.message ?? ''}`);
  }
  return envelope.data as T;
}

async function waitListening(gw: Gateway, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (gw.child.process.exitCode !== null) break;
    try {
      const response = await fetch(`${gw.url}/api/status`, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const exit = gw.child.process.exitCode;
  const why =
    exit === null ? `did not answer /api/status within ${timeoutMs} ms` : `exited (code ${exit}) first`;
  throw new Error(`the gateway ${why}:\n${gw.child.output.join('\n')}`);
}

/** What `npm start` runs after building: node's flags and the entry file (the bundled server). */
interface StartCommand {
  nodeArgs: string[];
  entry: string;
}

/**
 * The command of the root `start` script, so the bench runs the gateway as a user does.
 * BENCH_GATEWAY_NODE_ARGS replaces the node flags for experiments (V8 heap sizes, --trace-gc, …).
 */
export function startCommand(): StartCommand {
  const manifest = JSON.parse(readFileSync(join(ROOT_DIR, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const start = /\bnode ((?:--\S+ )*)(\S+\.[jt]s)\b/.exec(manifest.scripts.start ?? '');
  if (!start) throw new Error('bench: the start script in package.json runs no `node … <entry>` command');
  const override = process.env.BENCH_GATEWAY_NODE_ARGS;
  const flags = override ?? start[1] ?? '';
  return { nodeArgs: flags.split(/\s+/).filter(Boolean), entry: join(ROOT_DIR, start[2]!) };
}

/** `npm run build -w server`: the bundle `npm start` runs, fresh from the sources. */
export function buildServer(): void {
  execFileSync('npm', ['run', '--silent', 'build', '-w', 'server'], { cwd: ROOT_DIR, stdio: 'ignore' });
}

/**
 * Starts the gateway as a user runs it (LOG_LEVEL=warn, billing and logging at their defaults),
 * then creates a channel (type 1, base_url the mock, model gpt-4o-mini) and an unlimited token.
 * `entry` overrides the start script's file (the profile runs the sources, for readable names);
 * `extraEnv` adds settings of a variant (metrics on).
 */
export async function startGateway(
  upstreamBase: string,
  workers: number,
  entry?: string,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<Gateway> {
  const command = startCommand();
  const dir = mkdtempSync(join(tmpdir(), 'relaygate-bench-'));
  tempDirs.add(dir);
  const port = await freePort();
  const accessToken = randomBytes(16).toString('hex');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SQL_DSN: '',
    SQLITE_PATH: join(dir, 'relaygate.db'),
    SETTLEMENT_JOURNAL_DIR: join(dir, 'journal'),
    REDIS_CONN_STRING: '',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    INITIAL_ROOT_ACCESS_TOKEN: accessToken,
    INITIAL_ROOT_TOKEN: '',
    LOG_LEVEL: 'warn',
    WORKERS: String(workers),
    // The bench drives the console API from one address far past a person's pace (the login flood).
    GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
    ...extraEnv,
  };
  const child = startNode(
    `gateway (WORKERS=${workers})`,
    [...command.nodeArgs, entry ?? command.entry],
    env,
    ROOT_DIR,
  );
  const gw: Gateway = { url: `http://127.0.0.1:${port}`, child, key: '', workers, accessToken, dir };
  try {
    await waitListening(gw, 60_000);
    await consoleApi(gw, 'POST', '/api/channel/', {
      name: 'bench mock',
      type: 1,
      key: 'sk-bench-upstream',
      base_url: upstreamBase,
      models: MODEL,
      group: 'default',
    });
    const tokens = await consoleApi<Array<{ key: string }>>(gw, 'POST', '/api/token/', {
      name: 'bench',
      unlimited_quota: true,
      expired_time: -1,
    });
    const key = tokens[0]?.key;
    if (!key) throw new Error('POST /api/token/ answered no key');
    gw.key = key.startsWith('sk-') ? key : `sk-${key}`;
    return gw;
  } catch (error) {
    await stopGateway(gw);
    throw error;
  }
}

/** A Bedrock channel (type 33, new-api's AK|SK|region key) for the Bedrock model, on the mock's /bedrock. */
export async function addBedrockChannel(gw: Gateway, mockUrl: string): Promise<void> {
  await consoleApi(gw, 'POST', '/api/channel/', {
    name: 'bench bedrock',
    type: 33,
    key: BEDROCK_KEY,
    base_url: mockUrl + BEDROCK_PREFIX,
    models: BEDROCK_MODEL,
    group: 'default',
  });
}

export async function stopGateway(gw: Gateway): Promise<void> {
  await stopChild(gw.child);
  rmSync(gw.dir, { recursive: true, force: true });
  tempDirs.delete(gw.dir);
}

/** What the console says was logged and billed so far. */
export interface Ledger {
  /** Consumption log rows (type 2). */
  rows: number;
  /** Sum of their quota. */
  logged: number;
  /** Root's remaining quota. */
  quota: number;
}

export async function readLedger(gw: Gateway): Promise<Ledger> {
  const [page, stat, self] = await Promise.all([
    consoleApi<{ total: number }>(gw, 'GET', '/api/log/?type=2&p=1&page_size=1'),
    consoleApi<{ quota: number }>(gw, 'GET', '/api/log/stat?type=2'),
    consoleApi<{ quota: number }>(gw, 'GET', '/api/user/self'),
  ]);
  return { rows: page.total, logged: stat.quota, quota: self.quota };
}

/** The no-loss check of one run: log rows against answered requests, quota spent against logged. */
export interface LedgerCheck {
  answered: number;
  rows: number;
  spent: number;
  logged: number;
  ok: boolean;
  settleMs: number;
}

/**
 * Waits for the background settlement of a run to land: until the rows match the answered count and
 * the spent quota the logged sum (and stay so for 0.5 s), or until nothing changed for 2 s; never
 * longer than 10 s.
 */
export async function settle(gw: Gateway, before: Ledger, answered: number): Promise<LedgerCheck> {
  const started = Date.now();
  let last: Ledger | undefined;
  let lastChange = started;
  for (;;) {
    const now = await readLedger(gw);
    const check: LedgerCheck = {
      answered,
      rows: now.rows - before.rows,
      spent: before.quota - now.quota,
      logged: now.logged - before.logged,
      ok: false,
      settleMs: Date.now() - started,
    };
    check.ok = check.rows === answered && check.spent === check.logged;
    if (!last || last.rows !== now.rows || last.quota !== now.quota || last.logged !== now.logged) {
      lastChange = Date.now();
    }
    last = now;
    const stableMs = Date.now() - lastChange;
    if ((check.ok && stableMs >= 500) || stableMs >= 2000 || Date.now() - started >= 10_000) return check;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
