/**
 * Which client a request counts against in the per-client limits (the login routes' and /rpc's rate
 * limits, the write limit per IP, the open sign-in nonces per client).
 *
 * An IPv4 address is one client. An IPv6 address is grouped by its /64: a single home or phone
 * connection is usually given a whole /64 and can pick any of its 2^64 addresses, so counting
 * each address alone would let one client multiply every limit at will. An IPv4-mapped IPv6
 * address (`::ffff:192.0.2.1`, as a dual-stack socket reports an IPv4 peer) is that IPv4 address.
 *
 * Above the /64, `wideClientKey` names an IPv6 address's /56: home connections are often given a
 * whole /56 (256 /64s), so a limit counted per /64 alone could be multiplied 256 times by one home.
 * The /rpc proxy counts a coarser budget per /56 on top of the one per /64.
 */
import ipaddr from 'ipaddr.js';

export function clientKey(ip: string): string {
  const v6 = ipv6Of(ip);
  if (typeof v6 === 'string') return v6;
  // The network part: the first four 16-bit groups, in the usual lower-case hex.
  return `${v6.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}

/** An IPv6 address's /56; undefined for an IPv4 client (its address is already the client). */
export function wideClientKey(ip: string): string | undefined {
  const v6 = ipv6Of(ip);
  if (typeof v6 === 'string') return undefined;
  const parts = v6.parts.slice(0, 4);
  parts[3] = parts[3]! & 0xff00;
  return `${parts.map((part) => part.toString(16)).join(':')}::/56`;
}

/** The IPv6 address, or the client key of anything else (IPv4, IPv4-mapped, not an address). */
function ipv6Of(ip: string): ipaddr.IPv6 | string {
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
  return v6;
}
