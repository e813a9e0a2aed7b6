import type { DocumentRow } from './api.js';

/** what a document's processing came to, as the table shows it */
export type ProcessingState = 'processing' | 'ready' | 'unreadable' | 'corrupt';
export type Kind = 'all' | 'drawings' | 'others';
export type SortKey = 'name' | 'changed' | 'category';

/** the building page's filters; '' means "any" */
export interface DocumentFilter {
  text: string;
  category: string;
  discipline: string;
  informationType: string;
  floor: string;
  state: '' | ProcessingState;
  kind: Kind;
  /** only the current revision of each drawing and version of each file (the default; a switch shows all) */
  latestOnly: boolean;
}

export const NO_FILTER: DocumentFilter = {
  text: '',
  category: '',
  discipline: '',
  informationType: '',
  floor: '',
  state: '',
  kind: 'all',
  latestOnly: true,
};

export function processingState(document: DocumentRow): ProcessingState {
  if (document.corrupt) return 'corrupt';
  if (!document.processedAt) return 'processing';
  return document.textExtractionError ? 'unreadable' : 'ready';
}

/** one node of the NS 3451 tree: a code prefix (2, 23, 231) with the documents under it */
export interface CategoryNode {
  code: string;
  depth: number;
  count: number;
}

/**
 * The NS 3451 category tree of the given documents: every level of every code (2 → 23 → 231 → 231.1), each with
 * the number of documents beneath it, in code order. The tree only has branches the documents reach.
 */
export function categoryTree(documents: readonly DocumentRow[]): CategoryNode[] {
  const counts = new Map<string, number>();
  for (const document of documents) {
    const code = document.buildingCategory;
    if (!code) continue;
    for (const prefix of prefixes(code)) counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort(([a], [b]) => codeOrder(a, b))
    .map(([code, count]) => ({ code, depth: prefixes(code).length - 1, count }));
}

function codeOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** the ancestors of an NS 3451 code and the code itself: 231.1 → 2, 23, 231, 231.1 */
function prefixes(code: string): string[] {
  const [digits = '', detail] = code.split('.');
  const result = [...digits].map((_, index) => digits.slice(0, index + 1));
  if (detail !== undefined) result.push(code);
  return result;
}

/** whether a document lies under a node of the category tree (23 holds 231 and 231.1, not 2301) */
function underCategory(code: string | null, node: string): boolean {
  if (!code) return false;
  return prefixes(code).includes(node);
}

/** the distinct non-empty values a field takes over the documents, sorted, with how many documents have each */
export function facet(documents: readonly DocumentRow[], values: (d: DocumentRow) => readonly (string | null)[]) {
  const counts = new Map<string, number>();
  for (const document of documents) {
    for (const value of new Set(values(document))) {
      if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
  }
  return [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'nb', { numeric: true }))
    .map(([value, count]) => ({ value, count }));
}

/** the documents that pass every set filter, sorted; the text matches file name or folder, case-insensitively */
export function filterDocuments(
  documents: readonly DocumentRow[],
  filter: DocumentFilter,
  sort: { key: SortKey; ascending: boolean },
  locale: string,
): DocumentRow[] {
  const needle = filter.text.trim().toLocaleLowerCase(locale);
  const rows = documents.filter(
    (d) =>
      (!needle || `${d.originalPath}\n${d.filename}`.toLocaleLowerCase(locale).includes(needle)) &&
      (!filter.category || underCategory(d.buildingCategory, filter.category)) &&
      (!filter.discipline || d.discipline === filter.discipline) &&
      (!filter.informationType || d.informationTypes.includes(filter.informationType)) &&
      (!filter.floor || d.floor === filter.floor) &&
      (!filter.state || processingState(d) === filter.state) &&
      (!filter.latestOnly || d.isLatestRevision) &&
      (filter.kind === 'all' || d.isDrawing === (filter.kind === 'drawings')),
  );
  const collator = new Intl.Collator(locale, { numeric: true });
  const value = (d: DocumentRow) =>
    sort.key === 'name' ? d.filename : sort.key === 'category' ? (d.buildingCategory ?? '') : d.updatedAt;
  // uncategorised documents go last whichever way the category column is sorted
  const missing = (d: DocumentRow) => (sort.key === 'category' && !d.buildingCategory ? 1 : 0);
  // NS 3451 codes sort as the tree reads (36, 360, 3601, 361, 361.1), not as numbers
  const compare = sort.key === 'category' ? codeOrder : (a: string, b: string) => collator.compare(a, b);
  return rows.sort((a, b) => missing(a) - missing(b) || compare(value(a), value(b)) * (sort.ascending ? 1 : -1));
}

/** the documents of the first list updated by the second (same id: the newer wins), newest change first */
export function mergeDocuments(loaded: readonly DocumentRow[], changed: readonly DocumentRow[]): DocumentRow[] {
  if (changed.length === 0) return [...loaded];
  const byId = new Map(loaded.map((d) => [d.id, d]));
  for (const d of changed) {
    const known = byId.get(d.id);
    if (!known || known.updatedAt <= d.updatedAt) byId.set(d.id, d);
  }
  return [...byId.values()];
}
