/**
 * The generated comment of a report item, in Norwegian or English: which documents were found as evidence, what is
 * missing, and why an item does not apply.
 */
import type { Checklist, ItemStatus, Locale, Requirement } from './checklist.js';

/** Evidence of one leaf item, narrowed to documents still visible. */
export interface LeafFacts {
  applicable: boolean;
  absentParts: readonly string[];
  documentsSearched: number;
  units: {
    requirement: Requirement;
    part: string | null;
    documents: { filename: string; via: 'type' | 'text'; match: string }[];
  }[];
}

/** documents named per requirement before the rest are counted */
const NAMED_DOCUMENTS = 3;

interface Phrases {
  found: string;
  missing: string;
  notFound: string;
  linked: string;
  and: string;
  more(count: number): string;
  mentions(term: string): string;
  notApplicable(parts: string, documents: number, plural: boolean): string;
  notExpected(parts: string, documents: number, plural: boolean): string;
  nothingApplies: string;
  summary(counts: Record<ItemStatus, number>): string;
}

const PHRASES: Record<Locale, Phrases> = {
  en: {
    found: 'Found',
    missing: 'Missing',
    notFound: 'Not found in the documents',
    linked: 'Linked by hand',
    and: 'and',
    more: (count) => `+${count} more`,
    mentions: (term) => `mentions “${term}”`,
    notApplicable: (parts, documents, plural) =>
      documents === 1
        ? `Not applicable: the building's only readable document is not about ${parts} and does not mention ${plural ? 'them' : 'it'}.`
        : `Not applicable: none of the building's ${documents} readable documents is about ${parts} or mentions ${plural ? 'them' : 'it'}.`,
    notExpected: (parts, documents, plural) =>
      `Not expected for ${parts}: no sign of ${plural ? 'them' : 'it'} in the building's ${documents} readable documents.`,
    nothingApplies: 'Not applicable: none of the items below applies to the building.',
    summary: (c) => {
      const applicable = c.complete + c.partial + c.missing;
      const parts = [`${c.complete} of ${applicable} complete`];
      if (c.partial > 0) parts.push(`${c.partial} partial`);
      if (c.missing > 0) parts.push(`${c.missing} missing`);
      const text = parts.join(', ');
      return c.not_applicable > 0 ? `${text}; ${c.not_applicable} not applicable.` : `${text}.`;
    },
  },
  nb: {
    found: 'Funnet',
    missing: 'Mangler',
    notFound: 'Ikke funnet i dokumentene',
    linked: 'Koblet til manuelt',
    and: 'og',
    more: (count) => `+${count} til`,
    mentions: (term) => `nevner «${term}»`,
    notApplicable: (parts, documents) =>
      documents === 1
        ? `Ikke aktuelt: byggets eneste lesbare dokument handler ikke om og nevner ikke ${parts}.`
        : `Ikke aktuelt: ingen av byggets ${documents} lesbare dokumenter handler om eller nevner ${parts}.`,
    notExpected: (parts, documents) =>
      `Ikke forventet for ${parts}: ingen spor av det i byggets ${documents} lesbare dokumenter.`,
    nothingApplies: 'Ikke aktuelt: ingen av punktene under gjelder for bygget.',
    summary: (c) => {
      const applicable = c.complete + c.partial + c.missing;
      const parts = [`${c.complete} av ${applicable} komplette`];
      if (c.partial > 0) parts.push(`${c.partial} delvis`);
      if (c.missing > 0) parts.push(`${c.missing} mangler`);
      const text = parts.join(', ');
      return c.not_applicable > 0 ? `${text}; ${c.not_applicable} ikke aktuelle.` : `${text}.`;
    },
  },
};

export function describeLeaf(params: {
  facts: LeafFacts;
  linked: readonly string[];
  checklist: Checklist;
  locale: Locale;
}): string {
  const { facts, linked, checklist, locale } = params;
  const say = PHRASES[locale];
  const partName = (key: string) => checklist.parts[key]?.label[locale] ?? key;
  const sentences: string[] = [];
  if (linked.length > 0) sentences.push(`${say.linked}: ${names(linked, locale)}.`);
  if (!facts.applicable) {
    const parts = facts.absentParts.map(partName);
    sentences.push(say.notApplicable(list(parts, say.and), facts.documentsSearched, parts.length > 1));
    return sentences.join(' ');
  }

  const found: string[] = [];
  const missing = new Map<Requirement, string[]>();
  for (const unit of facts.units) {
    const label = unit.requirement.label[locale];
    if (unit.documents.length > 0) {
      const what = unit.part === null ? label : `${label} for ${partName(unit.part)}`;
      const shown = unit.documents
        .slice(0, NAMED_DOCUMENTS)
        .map((d) => (d.via === 'text' ? `${d.filename}, ${say.mentions(d.match)}` : d.filename));
      if (unit.documents.length > NAMED_DOCUMENTS) shown.push(say.more(unit.documents.length - NAMED_DOCUMENTS));
      found.push(`${what} (${shown.join('; ')})`);
    } else {
      const parts = missing.get(unit.requirement) ?? [];
      if (unit.part !== null) parts.push(partName(unit.part));
      missing.set(unit.requirement, parts);
    }
  }
  if (found.length > 0) sentences.push(`${say.found}: ${found.join('; ')}.`);
  if (missing.size > 0) {
    const what = [...missing].map(([requirement, parts]) =>
      parts.length === 0 ? requirement.label[locale] : `${requirement.label[locale]} for ${list(parts, say.and)}`,
    );
    sentences.push(`${linked.length > 0 ? say.notFound : say.missing}: ${what.join('; ')}.`);
  }
  if (facts.absentParts.length > 0) {
    const parts = facts.absentParts.map(partName);
    sentences.push(say.notExpected(list(parts, say.and), facts.documentsSearched, parts.length > 1));
  }
  return capitalizeFirst(sentences.join(' '));
}

export function describeParent(params: {
  statuses: readonly ItemStatus[];
  linked: readonly string[];
  locale: Locale;
}): string {
  const say = PHRASES[params.locale];
  const counts: Record<ItemStatus, number> = { complete: 0, partial: 0, missing: 0, not_applicable: 0 };
  for (const status of params.statuses) counts[status] += 1;
  const summary = counts.not_applicable === params.statuses.length ? say.nothingApplies : say.summary(counts);
  return params.linked.length > 0 ? `${say.linked}: ${names(params.linked, params.locale)}. ${summary}` : summary;
}

function names(filenames: readonly string[], locale: Locale): string {
  const shown = filenames.slice(0, NAMED_DOCUMENTS);
  if (filenames.length > NAMED_DOCUMENTS) shown.push(PHRASES[locale].more(filenames.length - NAMED_DOCUMENTS));
  return shown.join(', ');
}

/** "a", "a and b", "a, b and c" */
function list(items: readonly string[], and: string): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1) ?? ''}`;
}

function capitalizeFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
