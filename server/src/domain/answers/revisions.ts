import type { AnswerLanguage, Citation } from './answer.types.js';
import type { Passage } from './ports.js';

/**
 * Ask prefers the latest revision (decisions.md): a passage of a superseded document is dropped when a passage of a
 * newer revision or version of the same document was found that holds as much of the question (its score as high):
 * the newer one speaks for the drawing now. A superseded passage that holds more of the question than anything newer
 * ("where is the refuse store?" when revision C01 no longer shows it) stays, and the answer says it is from a
 * superseded revision. Scores are comparable within one retrieval.
 */
export function preferLatestRevisions(params: {
  passages: readonly Passage[];
  /** per document: the ids of its newer live revisions and versions (none for the latest) */
  newerOf: ReadonlyMap<string, readonly string[]>;
}): Passage[] {
  const best = new Map<string, number>();
  for (const p of params.passages) best.set(p.documentId, Math.max(best.get(p.documentId) ?? -Infinity, p.score));
  return params.passages.filter((p) => {
    const newer = (params.newerOf.get(p.documentId) ?? []).flatMap((id) => best.get(id) ?? []);
    return newer.length === 0 || p.score > Math.max(...newer);
  });
}

const NOTE: Record<AnswerLanguage, (markers: string, files: string) => string> = {
  nb: (m, f) => `Merk: ${m} er fra en eldre revisjon (${f}); en nyere revisjon finnes, men svarer ikke på dette.`,
  nn: (m, f) => `Merk: ${m} er frå ein eldre revisjon (${f}); ein nyare revisjon finst, men svarar ikkje på dette.`,
  en: (m, f) => `Note: ${m} is from a superseded revision (${f}); a newer revision exists but does not answer this.`,
};

/** The sentence an answer citing superseded documents ends with; null when every cited document is current. */
export function supersededNote(params: { citations: readonly Citation[]; language: AnswerLanguage }): string | null {
  const old = params.citations.filter((c) => c.supersededBy !== null);
  if (old.length === 0) return null;
  const markers = old.map((c) => `[${c.number}]`).join(', ');
  const files = [...new Set(old.map((c) => c.filename))].join(', ');
  return NOTE[params.language](markers, files);
}
