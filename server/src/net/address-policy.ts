import ipaddr from 'ipaddr.js';
import { msg, type Bilingual, type Text } from '../i18n/text.ts';
import { inAllowedRange, normalizeAddress, normalizeHost, type AllowList } from './allow-list.ts';

/**
 * Cloud metadata services (AWS, GCP, Azure, OpenStack, ECS: the link-local 169.254.0.0/16; AWS's
 * IPv6 fd00:ec2::254; Alibaba's 100.100.100.200), refused for everyone unless allowed by name.
 */
const METADATA_RANGES = ['169.254.0.0/16', 'fd00:ec2::254/128', '100.100.100.200/32'].map((cidr) =>
  ipaddr.parseCIDR(cidr),
);
const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata.goog', 'metadata']);

const RANGE_NAMES: Record<string, Bilingual> = {
  unspecified: { en: 'an unspecified', zh: '未指定' },
  broadcast: { en: 'a broadcast', zh: '广播' },
  multicast: { en: 'a multicast', zh: '组播' },
  linkLocal: { en: 'a link-local', zh: '链路本地' },
  loopback: { en: 'a loopback', zh: '回环' },
  carrierGradeNat: { en: 'a carrier-grade NAT', zh: '运营商级 NAT ' },
  private: { en: 'a private', zh: '私有' },
  uniqueLocal: { en: 'a private (unique local)', zh: '私有（唯一本地）' },
  reserved: { en: 'a reserved', zh: '保留' },
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
export function refusalReason(host: string, rawAddress: string, policy: AddressPolicy): Text | undefined {
  const name = normalizeHost(host);
  if (policy.allow.hosts.has(name)) return undefined;
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = normalizeAddress(rawAddress);
  } catch {
    return msg('net.notIp');
  }
  if (policy.allow.addresses.has(address.toString())) return undefined;
  const inner = embeddedIPv4(address);
  if (METADATA_HOSTS.has(name) || isMetadata(address) || (inner && isMetadata(inner))) {
    return msg('net.metadata');
  }
  if (policy.trusted || inAllowedRange(policy.allow, address)) return undefined;
  const range = address.range();
  if (range === 'unicast') return undefined;
  return msg('net.range', { range: RANGE_NAMES[range] ?? { en: `a ${range}`, zh: range } });
}
