/**
 * Generation: which of the building's documents are evidence for which checklist item. The result is stored per item
 * (document ids, never statuses), so a status can be worked out again whenever a document is archived, moved into a
 * private folder or linked by hand, without searching again.
 */
import { checklistNodes, type Checklist, type Requirement, type Topic } from './checklist.js';

/** A document of the building, as classification left it. */
export interface EvidenceDocument {
  id: string;
  buildingCategory: string | null;
  discipline: string | null;
  informationTypes: readonly string[];
  isDrawing: boolean;
  /** text was extracted: only a document that could be read says anything by not mentioning a building part */
  searchable: boolean;
}

/** How often one term occurs in one document. */
export interface TermMention {
  term: string;
  documentId: string;
  /** text chunks that mention the term */
  hits: number;
  /** the document's name, path or title mentions it */
  inName: boolean;
}

export interface EvidenceRef {
  documentId: string;
  /** how the document qualified: its information type, or a phrase in its name or text */
  via: 'type' | 'text';
  /** the information type or the term */
  match: string;
}

export interface EvidenceUnit {
  requirement: string;
  /** the building part the requirement was expected for (null: the item has no parts) */
  part: string | null;
  documents: EvidenceRef[];
}

/** What generation found for one leaf item; stored as JSON with the item. */
export interface ItemEvidence {
  applicable: boolean;
  /** the item's building parts that the building shows no sign of */
  absentParts: string[];
  /** readable documents the absence was judged on */
  documentsSearched: number;
  units: EvidenceUnit[];
}

/**
 * Below this many readable documents, silence about a building part proves nothing (an empty building lacks
 * everything; it does not lack the need for it), so every part counts as present.
 */
const MIN_DOCUMENTS_TO_JUDGE_ABSENCE = 3;
/** a phrase in the body text counts as evidence on its own only when it recurs (a passing mention is no report) */
const MIN_TEXT_HITS = 2;
/** evidence kept per requirement: enough to survive a few archived documents, small enough for big buildings */
const MAX_EVIDENCE_PER_UNIT = 25;

export function evaluateChecklist(params: {
  checklist: Checklist;
  documents: readonly EvidenceDocument[];
  mentions: readonly TermMention[];
}): Map<string, ItemEvidence> {
  const { checklist, documents } = params;
  const mentions = indexMentions(params.mentions);
  const mentionOf = (term: string, documentId: string) => mentions.get(normalizeTerm(term))?.get(documentId);

  const isAbout = (document: EvidenceDocument, topic: Topic | undefined): boolean => {
    if (!topic) return true;
    const category = document.buildingCategory;
    if (category && topic.categories?.some((code) => category.startsWith(code))) return true;
    const discipline = document.discipline?.toLowerCase();
    if (discipline && topic.disciplines?.some((code) => code.toLowerCase() === discipline)) return true;
    return (topic.terms ?? []).some((term) => mentionOf(term, document.id) !== undefined);
  };

  const evidenceFor = (document: EvidenceDocument, requirement: Requirement): EvidenceRef | null => {
    if (requirement.drawing !== undefined && requirement.drawing !== document.isDrawing) return null;
    const type = requirement.types.find((t) => document.informationTypes.includes(t));
    if (type !== undefined && isAbout(document, requirement.about)) {
      return { documentId: document.id, via: 'type', match: type };
    }
    for (const term of requirement.terms ?? []) {
      const mention = mentionOf(term, document.id);
      if (mention && (mention.inName || mention.hits >= MIN_TEXT_HITS)) {
        return { documentId: document.id, via: 'text', match: term };
      }
    }
    return null;
  };

  const documentsSearched = documents.filter((d) => d.searchable).length;
  const canJudgeAbsence = documentsSearched >= MIN_DOCUMENTS_TO_JUDGE_ABSENCE;
  const presence = new Map<string, boolean>();
  const isPresent = (partKey: string): boolean => {
    const known = presence.get(partKey);
    if (known !== undefined) return known;
    const part = checklist.parts[partKey];
    const present = !canJudgeAbsence || !part || part.alwaysPresent === true || documents.some((d) => isAbout(d, part));
    presence.set(partKey, present);
    return present;
  };

  const result = new Map<string, ItemEvidence>();
  for (const node of checklistNodes(checklist)) {
    if (node.requires === null) continue;
    const presentParts = node.parts.filter(isPresent);
    const absentParts = node.parts.filter((p) => !isPresent(p));
    if (node.parts.length > 0 && presentParts.length === 0) {
      result.set(node.nameId, { applicable: false, absentParts, documentsSearched, units: [] });
      continue;
    }
    const units: EvidenceUnit[] = [];
    for (const requirement of node.requires) {
      const scopes = presentParts.length > 0 ? presentParts : [null];
      for (const partKey of scopes) {
        const part = partKey === null ? undefined : checklist.parts[partKey];
        const refs: EvidenceRef[] = [];
        for (const document of documents) {
          if (part && !isAbout(document, part)) continue;
          const ref = evidenceFor(document, requirement);
          if (ref) refs.push(ref);
        }
        // documents typed as the requirement come first: they are the better evidence to name in a comment
        refs.sort((a, b) => (a.via === b.via ? 0 : a.via === 'type' ? -1 : 1));
        units.push({ requirement: requirement.key, part: partKey, documents: refs.slice(0, MAX_EVIDENCE_PER_UNIT) });
      }
    }
    result.set(node.nameId, { applicable: true, absentParts, documentsSearched, units });
  }
  return result;
}

/** Every term the checklist looks for, once each, normalized as `TermMention.term` reports them. */
export function checklistTerms(checklist: Checklist): string[] {
  const terms = new Set<string>();
  const add = (list: readonly string[] | undefined): void => {
    for (const term of list ?? []) terms.add(normalizeTerm(term));
  };
  for (const part of Object.values(checklist.parts)) add(part.terms);
  for (const node of checklistNodes(checklist)) {
    for (const requirement of node.requires ?? []) {
      add(requirement.terms);
      add(requirement.about?.terms);
    }
  }
  return [...terms].filter((t) => t !== '');
}

export function normalizeTerm(term: string): string {
  return term.trim().toLowerCase().replace(/\s+/g, ' ');
}

function indexMentions(mentions: readonly TermMention[]): Map<string, Map<string, TermMention>> {
  const index = new Map<string, Map<string, TermMention>>();
  for (const mention of mentions) {
    const term = normalizeTerm(mention.term);
    let byDocument = index.get(term);
    if (!byDocument) index.set(term, (byDocument = new Map<string, TermMention>()));
    byDocument.set(mention.documentId, mention);
  }
  return index;
}
