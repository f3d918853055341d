import { BlockList, isIP } from 'node:net';

/** Builds a matcher from a token's allow list (one address or CIDR range per line); null when empty. */
export function parseAllowList(text: string | null | undefined): BlockList | null {
  const lines = (text ?? '')
    .split(/[\n,]/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if (lines.length === 0) return null;
  const list = new BlockList();
  for (const line of lines) {
    const [address, prefix] = line.split('/');
    const family = isIP(address ?? '');
    if (family === 0) continue;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address!, type);
    // A malformed prefix is skipped like a malformed address (BlockList would throw on it).
    else if (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128))
      list.addSubnet(address!, Number(prefix), type);
  }
  return list;
}

export function ipAllowed(list: BlockList | null, ip: string): boolean {
  if (!list) return true;
  const plain = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(plain);
  if (family === 0) return false;
  return list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}
