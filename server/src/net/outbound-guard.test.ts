import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllowList } from './allow-list.ts';
import { outboundAgents, type OutboundAgents, type Resolver } from './outbound-guard.ts';

interface Listener {
  server: Server;
  hits: number;
}

/** An HTTP listener of the test's own that counts what reaches it. */
async function listen(host: string, port: number, handle: (res: ServerResponse) => void): Promise<Listener> {
  const listener: Listener = {
    server: createServer((_req, res) => {
      listener.hits += 1;
      handle(res);
    }),
    hits: 0,
  };
  await new Promise<void>((resolve, reject) => {
    listener.server.once('error', reject);
    listener.server.listen(port, host, resolve);
  });
  return listener;
}

/** A name that resolves to `first` when asked the first time and to `later` every time after (DNS rebinding). */
function rebinding(first: string, later: string): Resolver & { calls: number } {
  const resolver = Object.assign(
    async () => {
      resolver.calls += 1;
      return [{ address: resolver.calls === 1 ? first : later, family: 4 }];
    },
    { calls: 0 },
  );
  return resolver;
}

/**
 * DNS rebinding: a name answers a public address when the guard checks it and an internal one the
 * next time it is asked. The connection must go to the address that was checked, never to a second
 * answer. 127.0.0.2, allowed by root's list, stands for the attacker's public server; the internal
 * service is a listener of this test's own on 127.0.0.1, on the same port.
 */
describe('outbound guard against DNS rebinding and redirects', () => {
  let publicServer: Listener;
  let internal: Listener;
  let port: number;
  const allow = parseAllowList('127.0.0.2');
  const agentsFor: OutboundAgents[] = [];
  const agents = (resolver: Resolver): OutboundAgents => {
    const made = outboundAgents({ keepAliveTimeout: 10 }, () => allow, resolver);
    agentsFor.push(made);
    return made;
  };
  const get = (agent: OutboundAgents, trusted: boolean, path = '/v1/models') =>
    request(`http://rebind.example:${port}${path}`, { dispatcher: agent.for(trusted), reset: true });

  beforeAll(async () => {
    publicServer = await listen('127.0.0.2', 0, (res) => {
      if (res.req.url === '/redirect') {
        res.writeHead(302, { location: `http://127.0.0.1:${port}/v1/models` }).end();
      } else res.end('{"from":"public"}');
    });
    port = (publicServer.server.address() as AddressInfo).port;
    internal = await listen('127.0.0.1', port, (res) => res.end('{"from":"internal"}'));
  });
  afterAll(async () => {
    await Promise.all(agentsFor.map((agent) => agent.close()));
    for (const { server } of [publicServer, internal]) {
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    }
  });

  it('connects to the address it checked; the rebound answer reaches no socket', async () => {
    for (const later of ['127.0.0.1', '169.254.169.254']) {
      const resolver = rebinding('127.0.0.2', later);
      const guarded = agents(resolver);
      const answer = await get(guarded, false);
      expect(await answer.body.json()).toEqual({ from: 'public' });
      // Asked once for the connection it made: nothing resolved the name again to connect.
      expect(resolver.calls).toBe(1);

      // The next connection asks again, gets the internal address, and is refused before connecting.
      await expect(get(guarded, false)).rejects.toMatchObject({
        code: 'ERR_OUTBOUND_REFUSED',
        message: /refused to connect to rebind\.example \((127\.0\.0\.1|169\.254\.169\.254)\)/,
      });
      expect(resolver.calls).toBe(2);
    }
    expect(internal.hits).toBe(0);
    expect(publicServer.hits).toBe(2);
  });

  it('refuses metadata addresses a name rebinds to even for root, whose loopback is trusted', async () => {
    const resolver = rebinding('127.0.0.2', '169.254.169.254');
    const trusted = agents(resolver);
    expect(await (await get(trusted, true)).body.json()).toEqual({ from: 'public' });
    await expect(get(trusted, true)).rejects.toMatchObject({ message: /cloud metadata address/ });
  });

  it('hands a redirect to an internal address back as it is, following none', async () => {
    const before = { internal: internal.hits, public: publicServer.hits };
    const answer = await get(agents(rebinding('127.0.0.2', '127.0.0.2')), false, '/redirect');
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(`http://127.0.0.1:${port}/v1/models`);
    await answer.body.dump();
    expect(publicServer.hits).toBe(before.public + 1);
    expect(internal.hits).toBe(before.internal);
  });
});
