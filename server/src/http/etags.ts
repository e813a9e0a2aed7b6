/**
 * Entity tags for optimistic concurrency (RFC 9110 8.8.3, 13.1.1): a thing's version is answered as a strong ETag,
 * and a change sent with If-Match is made only while the thing is still at that version.
 */

/** the ETag of a version: the version, quoted */
export function entityTag(version: string): string {
  return `"${version}"`;
}

const ENTITY_TAG = /^(W\/)?"([\x21\x23-\x7e]*)"$/;

/**
 * The versions an If-Match header asks for: undefined when there is none, or `*` (whatever is current); otherwise the
 * versions of its strong entity tags, possibly none. A weak tag never matches If-Match, nor does one that is not an
 * entity tag at all (an unquoted value).
 */
export function ifMatchVersions(header: string | undefined): string[] | undefined {
  if (header === undefined || header.trim() === '*') return undefined;
  const versions: string[] = [];
  for (const part of header.split(',')) {
    const match = ENTITY_TAG.exec(part.trim());
    if (match && !match[1]) versions.push(match[2]!);
  }
  return versions;
}
