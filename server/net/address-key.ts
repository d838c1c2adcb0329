/**
 * The client address as limits per address count it. An IPv6 client gets a whole /64 from its
 * provider (one home, one phone) and may pick any address in it for each request, so its /64 is
 * the address; an IPv4 client seen through an IPv6 socket (::ffff:a.b.c.d) is that IPv4 address.
 * Anything that is not an IP address (a test's placeholder) is kept as it is.
 */
import ipaddr from 'ipaddr.js';

export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const network = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(':')}::/64`;
}
