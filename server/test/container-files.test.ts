import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { loadConfig } from '../src/config.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(`${ROOT}${path}`, 'utf8');
const run = promisify(execFile);

interface Instruction {
  keyword: string;
  args: string;
}

/** A Dockerfile's instructions: comments dropped, continued lines joined. */
function dockerInstructions(text: string): Instruction[] {
  const joined = text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n\s*/g, ' ');
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const match = /^([A-Z]+)\s+(.*)$/.exec(line);
      if (!match) throw new Error(`not a Dockerfile instruction: ${line}`);
      return { keyword: match[1]!, args: match[2]! };
    });
}

/** The stages of a multi-stage build: the instructions after each FROM. */
function stages(instructions: Instruction[]): Instruction[][] {
  const result: Instruction[][] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') result.push([]);
    result.at(-1)?.push(instruction);
  }
  return result;
}

/** The start command the README gives for the image: its code block starting with `node `. */
function readmeStartCommand(): string {
  const section = read('README.md').split('### In a container')[1]!.split('\n### ')[0]!;
  const command = [...section.matchAll(/```sh\n([^`]*)```/g)]
    .map((m) => m[1]!.trim())
    .find((c) => c.startsWith('node '));
  if (!command) throw new Error('the README gives no start command for the image');
  return command;
}

/** The key-value lines of one [section] of a systemd unit. */
function unitSection(text: string, name: string): Map<string, string> {
  const body = text.split(`[${name}]`)[1]!.split(/\n\[/)[0]!;
  const entries = body
    .split('\n')
    .filter((line) => /^[A-Za-z]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as [string, string]);
  return new Map(entries);
}

/** `${NAME:-default}` → default: the environment compose gives when nothing is set. */
const withDefaults = (value: string) => value.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1');

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Issue #30 item 7: what can be checked of the container and service files without a container engine. */
describe('the Dockerfile', () => {
  const instructions = dockerInstructions(read('Dockerfile'));
  const all = stages(instructions);
  const final = all.at(-1)!;
  const find = (keyword: string) => final.filter((i) => i.keyword === keyword);

  it('builds in one stage and runs from another, as a user who is not root', () => {
    const building = all.slice(0, -1).flat();
    expect(building.some((i) => i.keyword === 'RUN' && i.args.includes('npm run build'))).toBe(true);
    expect(final.some((i) => i.keyword === 'RUN' && /npm (ci|install|run)/.test(i.args))).toBe(false);
    const user = find('USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    // Only what runs: the bundle, the built console, production packages; never the sources.
    const copied = find('COPY').map((i) => i.args);
    expect(copied.every((args) => args.startsWith('--from='))).toBe(true);
    expect(copied.some((args) => / \/src\/server\/dist /.test(args))).toBe(true);
    expect(copied.some((args) => / \/src\/web\/dist /.test(args))).toBe(true);
    expect(copied.some((args) => /src\/(server|web)\/src|\/src\/ \./.test(args))).toBe(false);
  });

  it("starts with the README's command, which is what npm start runs once built", () => {
    const cmd = JSON.parse(find('CMD').at(-1)!.args) as string[];
    expect(cmd.join(' ')).toBe(readmeStartCommand());
    const start = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start!;
    expect(start).toBe(`npm run build && ${readmeStartCommand()}`);
  });

  it('keeps its data in the volume and ignores what the build makes itself', () => {
    expect(
      find('VOLUME')
        .map((i) => JSON.parse(i.args) as string[])
        .flat(),
    ).toContain('/app/data');
    expect(find('WORKDIR').at(-1)?.args).toBe('/app');
    const ignored = read('.dockerignore').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '.git']));
  });
});

describe.skipIf(databaseUnavailable())("the image's health check", () => {
  let gateway: TestServer;
  beforeAll(async () => {
    gateway = await startTestServer();
  });
  afterAll(async () => {
    await gateway?.close();
  });

  const healthCheck = () => {
    const line = dockerInstructions(read('Dockerfile')).find((i) => i.keyword === 'HEALTHCHECK')!;
    return JSON.parse(line.args.slice(line.args.indexOf('CMD') + 3)) as string[];
  };
  const exitCode = async (port: number) => {
    const [command, ...args] = healthCheck();
    expect(command).toBe('node');
    try {
      await run(process.execPath, args, { env: { ...process.env, PORT: String(port) } });
      return 0;
    } catch (error) {
      return (error as { code: number }).code;
    }
  };

  it('asks /healthz and passes while the gateway answers, fails when nothing listens', async () => {
    expect(healthCheck().join(' ')).toContain('/healthz');
    expect(await exitCode(Number(new URL(gateway.url).port))).toBe(0);
    expect(await exitCode(await closedPort())).toBe(1);
  });
});

describe('compose.yaml', () => {
  const compose = parseYaml(read('compose.yaml')) as {
    services: Record<
      string,
      {
        environment?: Record<string, string>;
        depends_on?: Record<string, { condition: string }>;
        volumes?: string[];
        build?: string;
      }
    >;
  };

  it('runs Relaygate on PostgreSQL and Redis, after both are healthy', () => {
    const { relaygate, postgres, redis } = compose.services;
    expect(relaygate?.build).toBe('.');
    expect(postgres).toBeDefined();
    expect(redis).toBeDefined();
    expect(relaygate!.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
    expect(relaygate!.volumes).toContain('relaygate-data:/app/data');
  });

  it('gives an environment the gateway accepts, pointing at the two services', () => {
    const env = Object.fromEntries(
      Object.entries(compose.services.relaygate!.environment!).map(([k, v]) => [k, withDefaults(String(v))]),
    );
    const config = loadConfig(env);
    expect(new URL(config.sqlDsn).host).toBe('postgres:5432');
    expect(new URL(config.redisUrl).host).toBe('redis:6379');
  });
});

describe('the systemd unit', () => {
  const unit = read('deploy/relaygate.service');

  it("runs the README's command from the install directory, as its own user", () => {
    const service = unitSection(unit, 'Service');
    expect(service.get('ExecStart')).toBe(`/opt/relaygate/node_modules/.bin/${readmeStartCommand()}`);
    expect(service.get('WorkingDirectory')).toBe('/opt/relaygate');
    expect(service.get('User')).toBe('relaygate');
    expect(service.get('KillSignal')).toBe('SIGTERM');
    expect(service.get('ReadWritePaths')).toBe('/opt/relaygate/data');
    expect(unitSection(unit, 'Install').get('WantedBy')).toBe('multi-user.target');
    expect(unitSection(unit, 'Unit').get('Description')).toMatch(/Relaygate/);
  });
});
