/**
 * The eight 16-bit groups of an IPv6 address (a zone after `%` dropped, an embedded IPv4 tail read as two groups), or
 * null when it is not one: for rules about address ranges (webhook targets, registrations per /64).
 */
export function expandV6(address: string): number[] | null {
  let text = address.split('%')[0] ?? '';
  // an embedded IPv4 tail becomes two groups
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [, a, b, c, d] = v4.map(Number) as [number, number, number, number, number];
    text = text.slice(0, v4.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  if (tail === undefined ? headGroups.length !== 8 : missing < 0) return null;
  const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups];
  const numbers = groups.map((g) => parseInt(g, 16));
  return numbers.some((n) => Number.isNaN(n)) ? null : numbers;
}

/**
 * What one client holds, for limits counted per client address: an IPv6 address as its /64 (one holder usually has
 * the whole /64, so a new address for every try would make such a limit count nothing), an IPv4 address inside IPv6
 * (`::ffff:a.b.c.d`, as a dual-stack listener sees IPv4 clients) as that IPv4 address alone, anything else as it is.
 */
export function clientNetworkOf(address: string): string {
  const bare = address.split('%')[0] ?? '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped?.[1]) return mapped[1];
  const groups = bare.includes(':') ? expandV6(bare) : null;
  if (!groups) return bare.toLowerCase();
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
