import { parseIso19650 } from '../classification/filename-conventions.js';

/**
 * Drawing revisions and document versions (decisions.md, "Revisions and versions"): which document of a building
 * supersedes which. Pure: the repository loads the documents concerned, this decides, the repository writes.
 */

/** What the chain of one document depends on. */
export interface RevisionMember {
  id: string;
  /** normalizeDrawingNumber of its drawing number and revision; null: not a drawing with a number */
  drawingKey: string | null;
  drawingRevision: string | null;
  /** YYYY-MM-DD */
  drawingDate: string | null;
  createdAt: Date;
  /** the document an upload named as the one it replaces (a new version of the same file) */
  replacesDocumentId: string | null;
}

const SEPARATORS = /[\s_./\\-]+/g;
const REVISION_WORD = /^(?:REV(?:ISJON|ISION|ISIE)?|WIJZIGING)\b\.?\s*[:.]?\s*/i;

/** "rev. C" -> "C", "Rev 02" -> "02", " p02 " -> "P02"; null when nothing is left. */
export function normalizeRevision(raw: string | null): string | null {
  if (raw === null) return null;
  const value = raw.trim().toUpperCase().replace(REVISION_WORD, '').replace(/\s+/g, '');
  return value === '' ? null : value;
}

/**
 * A drawing number as projects write it, compared the same however it was written: case, runs of separators
 * (space, `_`, `.`, `/`, `-`) made one `-`, and a revision suffix in the name dropped ("A-10-103 rev C",
 * "A_10_103_revC", "RQC-ARQ-C1-03-DR-A-1003-S2-P02", or the document's own revision after a separator). Digits and
 * letters are never dropped or merged otherwise, so "A-10-103" and "A-101-03" stay two drawings, and so do sheet
 * numbers such as "E-PL-03-12" and "E-PL-03-15".
 */
export function normalizeDrawingNumber(number: string | null, revision: string | null = null): string | null {
  if (number === null) return null;
  let key = number
    .trim()
    .toUpperCase()
    .replace(SEPARATORS, '-')
    .replace(/^-+|-+$/g, '');
  key = key.replace(/-REV(?:ISJON|ISION|ISIE)?-?[A-Z0-9]{1,4}$/, '');
  const iso = parseIso19650(key);
  if (iso) key = iso.code;
  else {
    const rev = normalizeRevision(revision);
    if (rev !== null && key.endsWith(`-${rev}`)) {
      const rest = key.slice(0, -(rev.length + 1));
      // keep at least a code with a digit: "A-10-103-C" -> "A-10-103", but "E-1" with rev 1 stays
      if (/\d/.test(rest) && rest.includes('-')) key = rest;
    }
  }
  return key === '' ? null : key;
}

type ParsedRevision =
  | { kind: 'iso'; parts: number[] }
  | { kind: 'number'; parts: number[] }
  | { kind: 'letters'; parts: number[] }
  | { kind: 'letter-number'; parts: number[] };

/** A < B < ... < Z < AA < AB: bijective base 26 */
function lettersValue(letters: string): number {
  let value = 0;
  for (const c of letters) value = value * 26 + (c.charCodeAt(0) - 64);
  return value;
}

export function parseRevision(raw: string | null): ParsedRevision | null {
  const r = normalizeRevision(raw);
  if (r === null) return null;
  let m = /^([PC])(\d{1,3})(?:\.(\d{1,3}))?$/.exec(r);
  // ISO 19650: P (preliminary) before C (contractual), then the number, then a working version "P01.2"
  if (m) return { kind: 'iso', parts: [m[1] === 'P' ? 0 : 1, Number(m[2]), Number(m[3] ?? 0)] };
  m = /^(\d{1,4})(?:\.(\d{1,3}))?$/.exec(r);
  if (m) return { kind: 'number', parts: [Number(m[1]), Number(m[2] ?? 0)] };
  m = /^([A-Z]{1,3})$/.exec(r);
  if (m) return { kind: 'letters', parts: [lettersValue(m[1]!)] };
  m = /^([A-Z]{1,2})[.-]?(\d{1,3})$/.exec(r);
  if (m) return { kind: 'letter-number', parts: [lettersValue(m[1]!), Number(m[2])] };
  return null;
}

/**
 * Negative when revision `a` is older than `b`, positive when newer, 0 when the same; null when the two cannot be
 * ordered (one missing, or written in different systems: "C" against "03").
 */
export function compareRevisions(a: string | null, b: string | null): number | null {
  const pa = parseRevision(a);
  const pb = parseRevision(b);
  if (!pa || !pb || pa.kind !== pb.kind) return null;
  for (let i = 0; i < Math.max(pa.parts.length, pb.parts.length); i++) {
    const d = (pa.parts[i] ?? 0) - (pb.parts[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** older first: revision order, and where that says nothing, the later drawing date, then the later upload, wins */
function compareMembers(a: RevisionMember, b: RevisionMember): number {
  const byRevision = compareRevisions(a.drawingRevision, b.drawingRevision);
  if (byRevision !== null && byRevision !== 0) return byRevision;
  if (a.drawingDate !== null && b.drawingDate !== null && a.drawingDate !== b.drawingDate)
    return a.drawingDate < b.drawingDate ? -1 : 1;
  const byCreated = a.createdAt.getTime() - b.createdAt.getTime();
  if (byCreated !== 0) return byCreated;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Every member's `supersededBy`: the immediate successor in its chain, or null for the latest. A document named as
 * replaced by a later upload is superseded by it whatever their drawing numbers; such versions form one link in the
 * drawing's revision order (placed by the newest version that has a number), so the chain stays one line:
 * rev B -> rev C -> rev C corrected -> rev D. Two documents with different drawing keys are never linked otherwise.
 * `members` should be closed: every document sharing a key or a replacement with one of them is among them.
 */
export function computeSupersededBy(members: readonly RevisionMember[]): Map<string, string | null> {
  const byId = new Map(members.map((m) => [m.id, m]));
  const result = new Map<string, string | null>(members.map((m) => [m.id, null]));

  // versions: replaced -> replacement (a second replacement of the same document: the later upload wins)
  const nextVersion = new Map<string, string>();
  for (const m of [...members].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    if (m.replacesDocumentId === null || m.replacesDocumentId === m.id || !byId.has(m.replacesDocumentId)) continue;
    nextVersion.set(m.replacesDocumentId, m.id);
  }
  const previousVersion = new Map<string, string>();
  for (const [older, newer] of nextVersion) {
    const taken = previousVersion.get(newer);
    if (taken === undefined) previousVersion.set(newer, older);
  }
  for (const [newer, older] of previousVersion) result.set(older, newer);

  // version groups, oldest (tail) to newest (head); a cycle in stored data is cut where it is entered
  interface Group {
    tail: string;
    head: string;
    representative: RevisionMember;
  }
  const groups: Group[] = [];
  const grouped = new Set<string>();
  const startOf = (id: string): string => {
    let at = id;
    const seen = new Set([at]);
    for (let prev = previousVersion.get(at); prev !== undefined && !seen.has(prev); prev = previousVersion.get(at)) {
      at = prev;
      seen.add(at);
    }
    return at;
  };
  for (const m of members) {
    if (grouped.has(m.id)) continue;
    const tail = startOf(m.id);
    const chain: RevisionMember[] = [];
    for (let at: string | undefined = tail; at !== undefined && !grouped.has(at); at = nextOf(at)) {
      grouped.add(at);
      chain.push(byId.get(at)!);
    }
    const head = chain.at(-1)!;
    // cut a cycle: the head supersedes nothing
    result.set(head.id, null);
    const representative = [...chain].reverse().find((c) => c.drawingKey !== null) ?? head;
    groups.push({ tail: chain[0]!.id, head: head.id, representative });
  }
  function nextOf(id: string): string | undefined {
    const next = result.get(id);
    return next === null ? undefined : (next ?? undefined);
  }

  // drawing revisions: per key, groups in revision order, each group's head superseded by the next group's tail
  const byKey = new Map<string, Group[]>();
  for (const g of groups) {
    const key = g.representative.drawingKey;
    if (key === null) continue;
    byKey.set(key, [...(byKey.get(key) ?? []), g]);
  }
  for (const list of byKey.values()) {
    list.sort((a, b) => compareMembers(a.representative, b.representative));
    for (let i = 0; i + 1 < list.length; i++) result.set(list[i]!.head, list[i + 1]!.tail);
  }
  return result;
}

/** A chain from any member: follows `supersededBy` both ways. Newest first. */
export function chainOf(params: { documentId: string; supersededBy: ReadonlyMap<string, string | null> }): string[] {
  const { documentId, supersededBy } = params;
  const previous = new Map<string, string>();
  for (const [older, newer] of supersededBy) if (newer !== null) previous.set(newer, older);
  const seen = new Set<string>([documentId]);
  let head = documentId;
  for (let next = supersededBy.get(head); next && !seen.has(next); next = supersededBy.get(head)) {
    head = next;
    seen.add(next);
  }
  const chain = [head];
  for (let prev = previous.get(head); prev !== undefined && !chain.includes(prev); prev = previous.get(prev))
    chain.push(prev);
  return chain;
}
