import ipaddr from 'ipaddr.js';

const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * The IPv4 address an IPv6 form carries, or the address itself. `ipaddr.process` folds ::ffff:a.b.c.d; the NAT64
 * prefix 64:ff9b::/96 and the old IPv4-compatible ::a.b.c.d (which ipaddr.js calls unicast) carry an IPv4 address
 * too, and reach it on networks that translate them, so they are judged by that address.
 */
function folded(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const ip = ipaddr.process(address);
  if (ip.kind() === 'ipv4') return ip;
  const v6 = ip as ipaddr.IPv6;
  const range = v6.range();
  if (v6.match(NAT64) || (v6.match(IPV4_COMPATIBLE) && range !== 'unspecified' && range !== 'loopback')) {
    return new ipaddr.IPv4(v6.toByteArray().slice(12));
  }
  return v6;
}

/**
 * True only for a public unicast address: not loopback, private, link-local, carrier-grade NAT, multicast, reserved,
 * documentation, 6to4, Teredo or any other special range ipaddr.js knows, in any of the forms an address can be
 * written in. Anything that does not parse is not public.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return folded(address).range() === 'unicast';
}
