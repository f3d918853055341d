/**
 * Portkey's open-source gateway as a peer (--portkey). Not a dependency: install it first with
 *   npm i --no-save @portkey-ai/gateway @hono/node-server@1.14.1
 * It runs as a child process, routed to the same mock with x-portkey-provider / x-portkey-custom-host.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHAT_PATH } from './fixtures.ts';
import { freePort, ROOT_DIR } from './gateway.ts';
import { timedCall, type Target } from './load.ts';
import { startNode, stopChild, type Child } from './processes.ts';
import { Agent } from 'node:http';

export const PORTKEY_INSTALL = 'npm i --no-save @portkey-ai/gateway @hono/node-server@1.14.1';

/** The server script of the installed @portkey-ai/gateway, or undefined when it is not installed. */
export function portkeyEntry(): string | undefined {
  const dir = join(ROOT_DIR, 'node_modules', '@portkey-ai', 'gateway');
  try {
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      bin?: string | Record<string, string>;
      main?: string;
    };
    const bin = typeof pkg.bin === 'string' ? pkg.bin : Object.values(pkg.bin ?? {})[0];
    const entry = join(dir, bin ?? pkg.main ?? 'build/start-server.js');
    return existsSync(entry) ? entry : undefined;
  } catch {
    return undefined;
  }
}

export interface Portkey {
  child: Child;
  target: Target;
}

export async function startPortkey(entry: string, mockUrl: string): Promise<Portkey> {
  const port = await freePort();
  const child = startNode(
    'portkey',
    [entry, `--port=${port}`, '--headless'],
    { ...process.env, TRUSTED_CUSTOM_HOSTS: '127.0.0.1,localhost', NODE_ENV: 'production' },
    ROOT_DIR,
  );
  const target: Target = {
    name: 'portkey',
    url: `http://127.0.0.1:${port}`,
    path: CHAT_PATH,
    headers: {
      authorization: 'Bearer sk-bench-upstream',
      'x-portkey-provider': 'openai',
      'x-portkey-custom-host': `${mockUrl}/v1`,
    },
  };
  const agent = new Agent({ keepAlive: false });
  const deadline = Date.now() + 30_000;
  try {
    for (;;) {
      if (child.process.exitCode !== null) throw new Error(`portkey exited:\n${child.output.join('\n')}`);
      const call = await timedCall(target, 'json', agent, 2000);
      if (call.status === 200 && call.whole) return { child, target };
      if (Date.now() > deadline) {
        throw new Error(
          `portkey did not relay to the mock (last status ${call.status}):\n${child.output.join('\n')}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await stopChild(child);
    throw error;
  } finally {
    agent.destroy();
  }
}
