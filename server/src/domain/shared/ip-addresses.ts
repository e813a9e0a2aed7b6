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
