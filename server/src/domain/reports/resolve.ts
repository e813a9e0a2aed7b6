/**
 * Reading a report: statuses, comments and progress are worked out from the stored evidence each time, against the
 * documents visible now and the links people made. So linking a document, archiving one or marking a folder private
 * shows in the report at once, without generating it again.
 */
import { checklistNodes, type Checklist, type ChecklistNode, type ItemStatus, type Locale } from './checklist.js';
import { describeLeaf, describeParent, type LeafFacts } from './comments.js';
import type { ItemEvidence } from './evaluate.js';

export interface StoredReportItem {
  id: string;
  nameId: string;
  /** null for themes and items that hold other items */
  evidence: ItemEvidence | null;
  /** a comment a person wrote; it replaces the generated one and survives regeneration */
  personComment: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ResolvedItem {
  id: string;
  nameId: string;
  /** the theme's name in the report's locale */
  theme: string;
  name: string;
  description: string;
  laws: string;
  discipline: string;
  nameParentId: string | null;
  parentId: string | null;
  comment: string;
  status: ItemStatus;
  createdAt: Date;
  updatedAt: Date;
}

export interface ThemeProgress {
  theme: string;
  /** complete items */
  progress: number;
  /** items that apply to the building */
  total: number;
  percentage: number;
}

export interface ResolvedReport {
  items: ResolvedItem[];
  progressDetails: ThemeProgress[];
}

export function resolveReport(params: {
  checklist: Checklist;
  items: readonly StoredReportItem[];
  /** item id -> documents a person linked to it */
  links: ReadonlyMap<string, readonly string[]>;
  /** documents the partner API may show now: id -> filename; evidence outside it no longer counts */
  documentNames: ReadonlyMap<string, string>;
  locale: Locale;
}): ResolvedReport {
  const { checklist, documentNames, locale } = params;
  const nodes = checklistNodes(checklist);
  const byNameId = new Map(nodes.map((n) => [n.nameId, n]));
  const stored = new Map(params.items.map((i) => [i.nameId, i]));

  // a document linked to an item is evidence for everything under it too: the person vouched for the whole of it
  const linkedNames = new Map<string, string[]>();
  for (const node of nodes) {
    const own = (params.links.get(stored.get(node.nameId)?.id ?? '') ?? [])
      .map((id) => documentNames.get(id))
      .filter((name): name is string => name !== undefined);
    const inherited = node.parentNameId === null ? [] : (linkedNames.get(node.parentNameId) ?? []);
    linkedNames.set(node.nameId, [...new Set([...inherited, ...own])]);
  }

  const statuses = new Map<string, ItemStatus>();
  const comments = new Map<string, string>();
  for (const node of [...nodes].reverse()) {
    const linked = linkedNames.get(node.nameId) ?? [];
    if (node.requires !== null) {
      const facts = leafFacts({ node, evidence: stored.get(node.nameId)?.evidence ?? null, documentNames });
      const status: ItemStatus = linked.length > 0 ? 'complete' : statusOfLeaf(facts);
      statuses.set(node.nameId, status);
      comments.set(node.nameId, describeLeaf({ facts, linked, checklist, locale }));
    } else {
      const childStatuses = node.childNameIds.map((id) => statuses.get(id) ?? 'missing');
      statuses.set(node.nameId, linked.length > 0 ? 'complete' : aggregateStatus(childStatuses));
      comments.set(node.nameId, describeParent({ statuses: childStatuses, linked, locale }));
    }
  }

  const items: ResolvedItem[] = [];
  for (const node of nodes) {
    const item = stored.get(node.nameId);
    if (!item) continue;
    const parent = node.parentNameId === null ? undefined : byNameId.get(node.parentNameId);
    items.push({
      id: item.id,
      nameId: node.nameId,
      theme: node.theme.name[locale],
      name: node.name[locale],
      description: node.description[locale],
      laws: node.laws,
      discipline: node.discipline,
      nameParentId: parent?.nameId ?? null,
      parentId: parent ? (stored.get(parent.nameId)?.id ?? null) : null,
      comment: item.personComment ?? comments.get(node.nameId) ?? '',
      status: statuses.get(node.nameId) ?? 'missing',
      createdAt: item.createdAt,
      updatedAt: item.updatedAt,
    });
  }
  return { items, progressDetails: progressOf({ nodes, statuses, locale }) };
}

/** A parent is complete when everything under it that applies is, missing when all of that is missing. */
function aggregateStatus(statuses: readonly ItemStatus[]): ItemStatus {
  const applicable = statuses.filter((s) => s !== 'not_applicable');
  if (applicable.length === 0) return 'not_applicable';
  if (applicable.every((s) => s === 'complete')) return 'complete';
  if (applicable.every((s) => s === 'missing')) return 'missing';
  return 'partial';
}

function statusOfLeaf(facts: LeafFacts): ItemStatus {
  if (!facts.applicable) return 'not_applicable';
  if (facts.units.length === 0) return 'missing';
  const covered = facts.units.filter((u) => u.documents.length > 0).length;
  if (covered === facts.units.length) return 'complete';
  return covered === 0 ? 'missing' : 'partial';
}

/** The stored evidence narrowed to documents still visible, with their names. */
function leafFacts(params: {
  node: ChecklistNode;
  evidence: ItemEvidence | null;
  documentNames: ReadonlyMap<string, string>;
}): LeafFacts {
  const { node, evidence, documentNames } = params;
  const requirements = node.requires ?? [];
  if (!evidence) {
    // an item the stored report has no evidence for (a checklist edited since): everything it expects is missing
    return {
      applicable: true,
      absentParts: [],
      documentsSearched: 0,
      units: requirements.map((requirement) => ({ requirement, part: null, documents: [] })),
    };
  }
  const units: LeafFacts['units'] = [];
  for (const unit of evidence.units) {
    const requirement = requirements.find((r) => r.key === unit.requirement);
    if (!requirement) continue;
    const documents = unit.documents.flatMap((ref) => {
      const filename = documentNames.get(ref.documentId);
      return filename === undefined ? [] : [{ filename, via: ref.via, match: ref.match }];
    });
    units.push({ requirement, part: unit.part, documents });
  }
  return {
    applicable: evidence.applicable,
    absentParts: evidence.absentParts,
    documentsSearched: evidence.documentsSearched,
    units,
  };
}

/** Per theme: complete leaf items out of those that apply. A theme where nothing applies lacks nothing: 100 %. */
function progressOf(params: {
  nodes: readonly ChecklistNode[];
  statuses: ReadonlyMap<string, ItemStatus>;
  locale: Locale;
}): ThemeProgress[] {
  const progress = new Map<string, ThemeProgress>();
  for (const node of params.nodes) {
    const theme = node.theme.name[params.locale];
    const entry = progress.get(node.theme.nameId) ?? { theme, progress: 0, total: 0, percentage: 100 };
    progress.set(node.theme.nameId, entry);
    if (node.requires === null) continue;
    const status = params.statuses.get(node.nameId) ?? 'missing';
    if (status === 'not_applicable') continue;
    entry.total += 1;
    if (status === 'complete') entry.progress += 1;
  }
  for (const entry of progress.values()) {
    entry.percentage = entry.total === 0 ? 100 : Math.round((100 * entry.progress) / entry.total);
  }
  return [...progress.values()];
}
