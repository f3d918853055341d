import { isIPv4, isIPv6 } from 'node:net';

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
 * A token's IP allow-list: one address or CIDR range per line. Spaces around entries and blank
 * lines are dropped, repeats kept once; the first line that is neither is answered as the problem.
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
