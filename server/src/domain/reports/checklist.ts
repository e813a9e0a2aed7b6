/**
 * The checklist model: what documentation a country's regulations expect of a building, grouped in themes. Checklists
 * are versioned data (checklists/*.ts); this file says what a checklist is made of and how it is walked.
 */

export type Country = 'NO' | 'GB';
export type ReportVersion = 'v1' | 'v2';
export type Locale = 'nb' | 'en';

/** How far a building's documents meet a checklist item. */
export type ItemStatus = 'complete' | 'partial' | 'missing' | 'not_applicable';

/** Every text a person reads exists in Norwegian (bokmål) and English. */
export interface Localized {
  nb: string;
  en: string;
}

/**
 * What a document is about. A document is about the topic when its NS 3451 category lies under one of `categories`,
 * when its discipline is one of `disciplines`, or when its name or text mentions one of `terms`.
 */
export interface Topic {
  categories?: readonly string[];
  disciplines?: readonly string[];
  /** words or phrases; each word also matches its longer forms ("ventilasjon" finds "ventilasjonsaggregat") */
  terms?: readonly string[];
}

/** A building part (ventilation, lifts ...) whose documentation is only expected when the building has it. */
export interface BuildingPart extends Topic {
  key: string;
  label: Localized;
  /**
   * Every building has it (electrical installation, water and drainage, heating): silence about it is a missing
   * document, never a sign that the part is absent.
   */
  alwaysPresent?: boolean;
}

/** One piece of documentation an item expects. */
export interface Requirement {
  key: string;
  /** as it reads in a comment: "fire strategy", "brannkonsept" */
  label: Localized;
  /** a document of any of these information types is evidence (when it is also about `about`) */
  types: readonly string[];
  /** true: only drawings count; false: drawings never count */
  drawing?: boolean;
  /** narrows the information types to documents about this topic */
  about?: Topic;
  /**
   * Phrases specific enough to be evidence on their own ("innreguleringsprotokoll"): a document whose name mentions
   * one, or whose text mentions one repeatedly, counts even when the classifier typed it otherwise.
   */
  terms?: readonly string[];
}

export interface ChecklistItem {
  /** stable across versions: regenerating with another version keeps links of items that both versions have */
  nameId: string;
  name: Localized;
  description: Localized;
  /** the legal basis, as cited: "TEK17 § 11-11; SAK10 § 8-2" */
  laws: string;
  /** discipline codes responsible, `;`-separated, or ALL */
  discipline: string;
  /** leaf items: the documentation expected (all of it for complete) */
  requires?: readonly Requirement[];
  /**
   * Leaf items: the requirements are expected once for each of these building parts the building has; an item whose
   * parts are all absent is not applicable. Keys into the checklist's `parts`.
   */
  parts?: readonly string[];
  /** items that hold other items (v2 goes deeper); their status follows from their children */
  children?: readonly ChecklistItem[];
}

export interface ChecklistTheme {
  nameId: string;
  name: Localized;
  description: Localized;
  laws: string;
  discipline: string;
  items: readonly ChecklistItem[];
}

export interface Checklist {
  country: Country;
  version: ReportVersion;
  parts: Readonly<Record<string, BuildingPart>>;
  themes: readonly ChecklistTheme[];
}

/** One node of the checklist tree, themes included, with where it sits. */
export interface ChecklistNode {
  nameId: string;
  name: Localized;
  description: Localized;
  laws: string;
  discipline: string;
  /** the theme the node belongs to (itself for a theme) */
  theme: ChecklistTheme;
  parentNameId: string | null;
  requires: readonly Requirement[] | null;
  parts: readonly string[];
  childNameIds: string[];
  depth: number;
}

/** Themes and items depth first, parents before children: the order reports list them in. */
export function checklistNodes(checklist: Checklist): ChecklistNode[] {
  const nodes: ChecklistNode[] = [];
  const visit = (item: ChecklistItem, theme: ChecklistTheme, parentNameId: string, depth: number): void => {
    const node: ChecklistNode = {
      nameId: item.nameId,
      name: item.name,
      description: item.description,
      laws: item.laws,
      discipline: item.discipline,
      theme,
      parentNameId,
      requires: item.children?.length ? null : (item.requires ?? []),
      parts: item.parts ?? [],
      childNameIds: (item.children ?? []).map((c) => c.nameId),
      depth,
    };
    nodes.push(node);
    for (const child of item.children ?? []) visit(child, theme, item.nameId, depth + 1);
  };
  for (const theme of checklist.themes) {
    nodes.push({
      nameId: theme.nameId,
      name: theme.name,
      description: theme.description,
      laws: theme.laws,
      discipline: theme.discipline,
      theme,
      parentNameId: null,
      requires: null,
      parts: [],
      childNameIds: theme.items.map((i) => i.nameId),
      depth: 0,
    });
    for (const item of theme.items) visit(item, theme, theme.nameId, 1);
  }
  return nodes;
}

/**
 * Problems with a checklist (duplicate ids, unknown parts or information types, missing texts); empty when sound.
 * Run by the tests for every shipped checklist.
 */
export function checklistProblems(checklist: Checklist, isKnownInformationType: (id: string) => boolean): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const texts = (where: string, text: Localized): void => {
    if (text.nb.trim() === '' || text.en.trim() === '') problems.push(`${where}: a text is empty`);
  };
  for (const [key, part] of Object.entries(checklist.parts)) {
    if (part.key !== key) problems.push(`part ${key}: key differs (${part.key})`);
    texts(`part ${key}`, part.label);
    if (!part.categories?.length && !part.disciplines?.length && !part.terms?.length)
      problems.push(`part ${key}: nothing to recognise it by`);
  }
  for (const node of checklistNodes(checklist)) {
    const where = `${checklist.country} ${checklist.version} ${node.nameId}`;
    if (seen.has(node.nameId)) problems.push(`${where}: duplicate nameId`);
    seen.add(node.nameId);
    texts(`${where} name`, node.name);
    texts(`${where} description`, node.description);
    if (node.laws.trim() === '') problems.push(`${where}: no laws`);
    if (node.discipline.trim() === '') problems.push(`${where}: no discipline`);
    if (node.depth > 0 && node.childNameIds.length === 0 && (node.requires ?? []).length === 0)
      problems.push(`${where}: a leaf item requires nothing`);
    for (const part of node.parts) if (!checklist.parts[part]) problems.push(`${where}: unknown part ${part}`);
    const keys = new Set<string>();
    for (const requirement of node.requires ?? []) {
      if (keys.has(requirement.key)) problems.push(`${where}: requirement ${requirement.key} twice`);
      keys.add(requirement.key);
      texts(`${where} ${requirement.key}`, requirement.label);
      for (const type of requirement.types)
        if (!isKnownInformationType(type)) problems.push(`${where}: unknown information type ${type}`);
      if (requirement.types.length === 0 && !requirement.terms?.length)
        problems.push(`${where}: requirement ${requirement.key} can never be met`);
    }
  }
  return problems;
}
