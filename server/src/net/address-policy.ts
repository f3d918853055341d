import ipaddr from 'ipaddr.js';
import { inAllowedRange, normalizeAddress, normalizeHost, type AllowList } from './allow-list.ts';

/**
 * Cloud metadata services (AWS, GCP, Azure, OpenStack, ECS: the link-local 169.254.0.0/16; AWS's
 * IPv6 fd00:ec2::254; Alibaba's 100.100.100.200), refused for everyone unless allowed by name.
 */
const METADATA_RANGES = ['169.254.0.0/16', 'fd00:ec2::254/128', '100.100.100.200/32'].map((cidr) =>
  ipaddr.parseCIDR(cidr),
);
const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata.goog', 'metadata']);

const RANGE_NAMES: Record<string, string> = {
  unspecified: 'an unspecified',
  broadcast: 'a broadcast',
  multicast: 'a multicast',
  linkLocal: 'a link-local',
  loopback: 'a loopback',
  carrierGradeNat: 'a carrier-grade NAT',
  private: 'a private',
  uniqueLocal: 'a private (unique local)',
  reserved: 'a reserved',
};

/** Who chose the address: root (trusted: local model servers are fine) or anyone else. */
export interface AddressPolicy {
  trusted: boolean;
  allow: AllowList;
}

/** An IPv6 address that carries an IPv4 one (NAT64 64:ff9b::/96) is judged by the IPv4 one too. */
function embeddedIPv4(address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | undefined {
  if (address.kind() !== 'ipv6' || (address as ipaddr.IPv6).range() !== 'rfc6052') return undefined;
  const bytes = address.toByteArray().slice(12);
  return new ipaddr.IPv4(bytes);
}

const isMetadata = (address: ipaddr.IPv4 | ipaddr.IPv6): boolean =>
  METADATA_RANGES.some(
    ([network, bits]) => network.kind() === address.kind() && address.match(network, bits),
  );

/**
 * Why a connection to `address` (reached through host name `host`) is refused, or undefined when it
 * may go ahead. Everyone: no metadata address. Untrusted: only public unicast addresses, unless root
 * allows the host, the address or a range holding it.
 */
export function refusalReason(host: string, rawAddress: string, policy: AddressPolicy): string | undefined {
  const name = normalizeHost(host);
  if (policy.allow.hosts.has(name)) return undefined;
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = normalizeAddress(rawAddress);
  } catch {
    return 'not an IP address';
  }
  if (policy.allow.addresses.has(address.toString())) return undefined;
  const inner = embeddedIPv4(address);
  if (METADATA_HOSTS.has(name) || isMetadata(address) || (inner && isMetadata(inner))) {
    return 'a cloud metadata address';
  }
  if (policy.trusted || inAllowedRange(policy.allow, address)) return undefined;
  const range = address.range();
  return range === 'unicast' ? undefined : `${RANGE_NAMES[range] ?? `a ${range}`} address`;
}
