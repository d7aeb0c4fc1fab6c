import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';
import ipaddr from 'ipaddr.js';

/** proxy-addr's names for address ranges, accepted in `TRUSTED_PROXIES` beside IPs and CIDRs. */
const RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * `TRUSTED_PROXIES` (comma-separated IPs, CIDRs or proxy-addr's `loopback` / `linklocal` / `uniquelocal`) as a list;
 * `none` (alone) is the empty list, said explicitly.
 * @throws Error naming the first entry that is none of these.
 */
export function parseTrustedProxies(value: string): string[] {
  if (value.trim() === 'none') return [];
  const list = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  for (const entry of list) {
    if (RANGE_NAMES.includes(entry)) continue;
    const ok = entry.includes('/')
      ? (() => {
          try {
            ipaddr.parseCIDR(entry);
            return true;
          } catch {
            return false;
          }
        })()
      : ipaddr.isValid(entry);
    if (!ok) throw new Error(`"${entry}" is not an IP address, a CIDR or loopback/linklocal/uniquelocal`);
  }
  return list;
}

export type Trust = (addr: string, i: number) => boolean;

/** The trust function of a `TRUSTED_PROXIES` list (empty: trust nobody, the socket address is the client). */
export function compileTrust(list: readonly string[]): Trust {
  return proxyaddr.compile([...list]);
}

/**
 * The rate-limit identity of an address: IPv4 (also IPv4-mapped IPv6) as is, IPv6 grouped by its /64 (one subscriber
 * line or host usually holds a whole /64, so per-address buckets would be trivial to rotate through).
 */
export function groupAddress(addr: string): string {
  if (!ipaddr.isValid(addr)) return addr;
  const ip = ipaddr.process(addr);
  if (ip.kind() === 'ipv4') return ip.toString();
  const parts = (ip as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
}

/**
 * The client's address: the socket's, or — only when the socket is a trusted proxy — the nearest `X-Forwarded-For`
 * hop that is not one (proxy-addr), grouped by {@link groupAddress}. `'local'` without a socket (app.request()).
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trust: Trust,
): string {
  if (!socketAddress) return 'local';
  const req = {
    socket: { remoteAddress: socketAddress },
    connection: { remoteAddress: socketAddress },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  } as unknown as IncomingMessage;
  return groupAddress(proxyaddr(req, trust));
}
