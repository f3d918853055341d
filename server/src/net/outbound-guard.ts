import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Agent, buildConnector } from 'undici';
import type { AllowList } from './allow-list.ts';
import { msg, render, type Text } from '../i18n/text.ts';
import { refusalReason } from './address-policy.ts';

/** How long a host name may take to resolve before the call is given up. */
const LOOKUP_TIMEOUT_MS = 10_000;

export const OUTBOUND_REFUSED = 'ERR_OUTBOUND_REFUSED';

/** A server-side request the guard did not let out; the message (and `text`) says where and why. */
export class OutboundRefusedError extends Error {
  readonly code = OUTBOUND_REFUSED;
  readonly text: Text;
  constructor(host: string, address: string, reason: Text) {
    const where = host === address ? host : `${host} (${address})`;
    const text = msg('net.refused', { where, reason });
    super(render(text, 'en'));
    this.text = text;
    this.name = 'OutboundRefusedError';
  }
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address a host name resolves to; the system's resolver unless one is given (tests give theirs). */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

async function resolve(host: string, resolver: Resolver): Promise<ResolvedAddress[]> {
  if (isIP(host)) return [{ address: host, family: isIP(host) }];
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(`could not resolve ${host} in time`), { code: 'EAI_AGAIN' })),
      LOOKUP_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([resolver(host), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Resolves `host` and answers the address to connect to, after checking every address it resolves
 * to (one refused address refuses the host: a name must not mix public and internal answers).
 * The connection then goes to that very address, so a second, different DNS answer (rebinding)
 * never reaches a socket.
 */
export async function checkedAddress(
  host: string,
  trusted: boolean,
  allow: AllowList,
  resolver: Resolver = systemResolver,
): Promise<string> {
  const addresses = await resolve(host, resolver);
  if (addresses.length === 0) throw Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' });
  for (const { address } of addresses) {
    const reason = refusalReason(host, address, { trusted, allow });
    if (reason) throw new OutboundRefusedError(host, address, reason);
  }
  return addresses[0]!.address;
}

export interface OutboundAgentOptions extends Omit<Agent.Options, 'connect'> {
  /** Root chose the addresses this agent calls (only metadata addresses are refused). */
  trusted: boolean;
  /** The hosts and ranges root allows, read at each new connection. */
  allowList: () => AllowList;
  resolver?: Resolver;
  /** TLS options of every connection (e.g. extra certificate authorities); none: the defaults. */
  connectTls?: buildConnector.BuildOptions;
}

/**
 * An undici Agent whose every new connection is checked by the guard. undici follows no
 * redirects on its own, so every address it reaches is one the caller asked for and this checked.
 */
export function outboundAgent({
  trusted,
  allowList,
  resolver,
  connectTls,
  ...options
}: OutboundAgentOptions): Agent {
  const connect = buildConnector(connectTls ?? {});
  return new Agent({
    ...options,
    connect(connectOptions, callback) {
      const { hostname } = connectOptions;
      checkedAddress(hostname, trusted, allowList(), resolver).then(
        (address) =>
          connect(
            {
              ...connectOptions,
              hostname: address,
              // TLS still verifies (and SNI still names) the host, not the address.
              servername: connectOptions.servername ?? (isIP(hostname) ? undefined : hostname),
            },
            callback,
          ),
        (error: Error) => callback(error, null),
      );
    },
  });
}

/** The two agents a caller of upstreams needs: one for root's addresses, one for everyone else's. */
export interface OutboundAgents {
  for(trusted: boolean): Agent;
  close(): Promise<void>;
}

export function outboundAgents(
  options: Omit<Agent.Options, 'connect'>,
  allowList: () => AllowList,
  resolver?: Resolver,
): OutboundAgents {
  const trusted = outboundAgent({ ...options, trusted: true, allowList, resolver });
  const guarded = outboundAgent({ ...options, trusted: false, allowList, resolver });
  return {
    for: (isTrusted) => (isTrusted ? trusted : guarded),
    close: async () => {
      await Promise.all([trusted.close(), guarded.close()]);
    },
  };
}
