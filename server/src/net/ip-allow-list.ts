import { BlockList, isIP, isIPv4, isIPv6 } from 'node:net';

export type AllowIpsResult = { ok: true; value: string } | { ok: false; line: string };

/** Whether one entry is an IPv4 or IPv6 address, or a CIDR range of one (`10.0.0.0/8`, `2001:db8::/32`). */
export function isIpOrCidr(entry: string): boolean {
  const slash = entry.indexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  // A zone id (fe80::1%eth0) names an interface of the client's machine: meaningless in an allow-list.
  if (address.includes('%')) return false;
  const bits = isIPv4(address) ? 32 : isIPv6(address) ? 128 : 0;
  if (bits === 0) return false;
  if (slash === -1) return true;
  const prefix = entry.slice(slash + 1);
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= bits;
}

/**
 * A token's IP allow-list as the console saves it: one address or CIDR range per line. Spaces
 * and blank lines are dropped, repeats kept once; the first line that is neither is the problem.
 */
export function parseAllowIps(text: string): AllowIpsResult {
  const entries = new Set<string>();
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    if (!isIpOrCidr(line)) return { ok: false, line };
    entries.add(line);
  }
  return { ok: true, value: [...entries].join('\n') };
}

const built = new Map<string, BlockList>();

/**
 * The matcher for a stored allow-list (also comma-separated, as older rows may be); null when
 * empty. Entries that are not addresses or ranges are skipped; a list of only such entries
 * allows nothing. Built once per distinct list, not per call.
 */
export function allowListMatcher(text: string | null | undefined): BlockList | null {
  const source = (text ?? '').trim();
  if (source === '') return null;
  const cached = built.get(source);
  if (cached) return cached;
  const list = new BlockList();
  for (const entry of source.split(/[\n,]/).map((l) => l.trim())) {
    if (!isIpOrCidr(entry)) continue;
    const [address, prefix] = entry.split('/');
    const type = isIPv4(address!) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address!, type);
    else list.addSubnet(address!, Number(prefix), type);
  }
  if (built.size >= 10_000) built.clear();
  built.set(source, list);
  return list;
}

export function ipAllowed(list: BlockList | null, ip: string): boolean {
  if (!list) return true;
  const plain = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(plain);
  if (family === 0) return false;
  return list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}
