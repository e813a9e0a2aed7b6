import { isIP } from 'node:net';
import { expandV6 } from '../shared/ip-addresses.js';

/**
 * Whether an address is one a webhook may not reach: loopback, private (RFC 1918, shared CGNAT space), link-local,
 * unique-local, unspecified, multicast and broadcast, IPv4 inside IPv6 included. Checked for every address a host
 * resolves to, at registration and again before each delivery (which then connects to the checked address).
 */
export function isForbiddenAddress(address: string): boolean {
  const kind = isIP(address);
  if (kind === 4) return forbiddenV4(address);
  if (kind === 6) return forbiddenV6(address);
  return true;
}

function forbiddenV4(address: string): boolean {
  const [a = 0, b = 0] = address.split('.').map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && address.split('.')[2] === '0') ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

function forbiddenV6(address: string): boolean {
  const lower = address.toLowerCase();
  // IPv4-mapped (::ffff:a.b.c.d) and its hex form: the IPv4 rules decide
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped?.[1]) return forbiddenV4(mapped[1]);
  const groups = expandV6(lower);
  if (!groups) return true;
  const first = groups[0] ?? 0;
  const allZeroButLast = groups.slice(0, 7).every((g) => g === 0);
  if (allZeroButLast && (groups[7] === 0 || groups[7] === 1)) return true; // :: and ::1
  // an IPv4 address carried inside: the IPv4 rules decide
  const zero = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  if (zero(0, 5) && groups[5] === 0xffff) return forbiddenV4(v4Of(groups[6], groups[7])); // ::ffff:a.b.c.d, mapped
  if (zero(0, 6)) return forbiddenV4(v4Of(groups[6], groups[7])); // ::a.b.c.d, compatible (deprecated)
  if (zero(0, 4) && groups[4] === 0xffff && groups[5] === 0) return forbiddenV4(v4Of(groups[6], groups[7])); // translated
  if (first === 0x2002) return forbiddenV4(v4Of(groups[1], groups[2])); // 6to4: 2002:AABB:CCDD::/48
  return (
    (first === 0x2001 && groups[1] === 0) || // Teredo (2001::/32): a tunnel to an IPv4 address it hides
    (first & 0xfe00) === 0xfc00 || // fc00::/7 unique-local
    (first & 0xffc0) === 0xfe80 || // fe80::/10 link-local
    (first & 0xffc0) === 0xfec0 || // fec0::/10 site-local (deprecated)
    (first & 0xff00) === 0xff00 || // multicast
    (first === 0x64 && groups[1] === 0xff9b) // NAT64 of any IPv4 (64:ff9b::/96 and the local 64:ff9b:1::/48)
  );
}

function v4Of(high = 0, low = 0): string {
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}
