/** where a list first names again something it named before (compared as given); -1 when nothing repeats */
export function indexOfRepeat(values: readonly string[]): number {
  const seen = new Set<string>();
  return values.findIndex((value) => (seen.has(value) ? true : (seen.add(value), false)));
}
