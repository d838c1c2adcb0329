/**
 * Where the server may post a push (docs/architecture.md "Community"): HTTPS on a public host only,
 * so a subscription cannot turn the push job into a way of reaching the private network. Checked
 * on /push/subscribe and again by the job before each send, where `guardedLookup` also refuses a
 * public name that resolves to a private address (DNS rebinding). With PUSH_TEST_ENDPOINTS=loopback
 * (tests only) plain HTTP to 127.0.0.1 is let through as well.
 */
import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

export type EndpointPolicy = 'off' | 'loopback';

/**
 * Addresses no push goes to: this host, private networks, link-local, shared, reserved,
 * documentation, multicast. Two lists, as a BlockList checks an IPv4 address against its
 * IPv4-mapped IPv6 rules too (and ::ffff:0:0/96 would refuse every IPv4 address).
 */
const NOT_PUBLIC_V4 = new BlockList();
const NOT_PUBLIC_V6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC_V4.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 127], // unspecified and loopback
  ['::ffff:0:0', 96], // IPv4-mapped: never a push service's own address
  ['64:ff9b::', 96], // NAT64, may wrap a private IPv4
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16], // 6to4, may wrap a private IPv4
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC_V6.addSubnet(net, prefix, 'ipv6');
}

/** Names that never point at the public internet. */
const PRIVATE_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home|corp|private|home\.arpa|localdomain)$/i;

/** The address is routable on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !NOT_PUBLIC_V4.check(address, 'ipv4') : !NOT_PUBLIC_V6.check(address, 'ipv6');
}

const LOOPBACK_HOST = '127.0.0.1';

/** The endpoint's URL when the server may post to it, else undefined. */
export function allowedEndpoint(endpoint: string, policy: EndpointPolicy): URL | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return undefined;
  }
  if (url.username !== '' || url.password !== '') return undefined;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (policy === 'loopback' && host === LOOPBACK_HOST && (url.protocol === 'http:' || url.protocol === 'https:')) {
    return url;
  }
  if (url.protocol !== 'https:' || host === '') return undefined;
  if (isIP(host) !== 0) return isPublicAddress(host) ? url : undefined;
  // A name without a dot resolves through the local search domains.
  if (!host.includes('.') || PRIVATE_NAME.test(host)) return undefined;
  return url;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for node:http(s) that fails when the name resolves to any address that is not public
 * (or, under the loopback policy, 127.0.0.1).
 */
export function guardedLookup(policy: EndpointPolicy) {
  const allowed = (address: string) => isPublicAddress(address) || (policy === 'loopback' && address === LOOPBACK_HOST);
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find((a) => !allowed(a.address));
      if (refused || addresses.length === 0) {
        const blocked: NodeJS.ErrnoException = new Error(`push endpoint ${hostname} resolves to a non-public address`);
        blocked.code = 'EPUSHBLOCKED';
        return callback(blocked, []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}
