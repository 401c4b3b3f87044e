/**
 * Which client a request counts against in the per-client limits (the login routes' and /rpc's rate
 * limits, the write limit per IP, the open sign-in nonces per client).
 *
 * An IPv4 address is one client. An IPv6 address is grouped by its /64: a single home or phone
 * connection is usually given a whole /64 and can pick any of its 2^64 addresses, so counting
 * each address alone would let one client multiply every limit at will. An IPv4-mapped IPv6
 * address (`::ffff:192.0.2.1`, as a dual-stack socket reports an IPv4 peer) is that IPv4 address.
 */
import ipaddr from 'ipaddr.js';

export function clientKey(ip: string): string {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(ip);
  } catch {
    // Not an address (no socket peer, a test's injected request): counted as itself.
    return ip;
  }
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  // The network part: the first four 16-bit groups, in the usual lower-case hex.
  return `${v6.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}
