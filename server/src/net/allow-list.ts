import ipaddr from 'ipaddr.js';

/** Hosts and address ranges root lets server-side requests reach (the OutboundAllowList option). */
export interface AllowList {
  /** Host names, lower case: whatever they resolve to is allowed, metadata addresses included. */
  hosts: Set<string>;
  /** Exact addresses, in normalised form: allowed, metadata addresses included. */
  addresses: Set<string>;
  /** Ranges (CIDR): private addresses in them are allowed, metadata addresses are not. */
  ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][];
}

const HOST_NAME =
  /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

export const EMPTY_ALLOW_LIST: AllowList = { hosts: new Set(), addresses: new Set(), ranges: [] };

/** An address as one spelling: IPv4-mapped IPv6 becomes IPv4. */
export const normalizeAddress = (address: string): ipaddr.IPv4 | ipaddr.IPv6 => ipaddr.process(address);

/** A host name as compared: lower case, no trailing dot, no IPv6 brackets. */
export const normalizeHost = (host: string): string =>
  host
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[(.*)\]$/, '$1');

const entriesOf = (text: string): string[] =>
  text
    .split(/[\s,]+/)
    .map(normalizeHost)
    .filter((entry) => entry !== '');

/** The first entry that is neither a host name, an address nor a CIDR range, if any. */
export function invalidAllowListEntry(text: string): string | undefined {
  return entriesOf(text).find(
    (entry) => !ipaddr.isValid(entry) && !ipaddr.isValidCIDR(entry) && !HOST_NAME.test(entry),
  );
}

/** Parses the option's text: entries separated by commas, spaces or new lines; bad entries are skipped. */
export function parseAllowList(text: string): AllowList {
  const list: AllowList = { hosts: new Set(), addresses: new Set(), ranges: [] };
  for (const entry of entriesOf(text)) {
    if (ipaddr.isValidCIDR(entry)) {
      const [network, bits] = ipaddr.parseCIDR(entry);
      list.ranges.push([network, bits]);
    } else if (ipaddr.isValid(entry)) {
      list.addresses.add(normalizeAddress(entry).toString());
    } else if (HOST_NAME.test(entry)) {
      list.hosts.add(entry);
    }
  }
  return list;
}

/** parseAllowList, parsed again only when the text changes. */
export function cachedAllowList(read: () => string): () => AllowList {
  let lastText: string | undefined;
  let last = EMPTY_ALLOW_LIST;
  return () => {
    const text = read();
    if (text !== lastText) {
      lastText = text;
      last = parseAllowList(text);
    }
    return last;
  };
}

export const inAllowedRange = (list: AllowList, address: ipaddr.IPv4 | ipaddr.IPv6): boolean =>
  list.ranges.some(([network, bits]) => network.kind() === address.kind() && address.match(network, bits));
