import { describe, expect, it } from 'vitest';
import { isKnownInformationType } from '../../../src/domain/classification/index.js';
import { checklistNodes, checklistProblems, type Checklist } from '../../../src/domain/reports/checklist.js';
import { allChecklists, checklistFor } from '../../../src/domain/reports/checklists/index.js';
import { evaluateChecklist, type EvidenceDocument, type TermMention } from '../../../src/domain/reports/evaluate.js';
import { resolveReport, type StoredReportItem } from '../../../src/domain/reports/resolve.js';

/** Evaluates and resolves a checklist against documents in memory, as a report run and a read would. */
function report(params: {
  checklist: Checklist;
  documents: (EvidenceDocument & { filename: string })[];
  mentions?: TermMention[];
  links?: Record<string, string[]>;
  locale?: 'nb' | 'en';
}) {
  const evaluated = evaluateChecklist({
    checklist: params.checklist,
    documents: params.documents,
    mentions: params.mentions ?? [],
  });
  const at = new Date('2025-01-01T00:00:00Z');
  const items: StoredReportItem[] = checklistNodes(params.checklist).map((node) => ({
    id: `id:${node.nameId}`,
    nameId: node.nameId,
    evidence: evaluated.get(node.nameId) ?? null,
    personComment: null,
    createdAt: at,
    updatedAt: at,
  }));
  const resolved = resolveReport({
    checklist: params.checklist,
    items,
    links: new Map(Object.entries(params.links ?? {}).map(([nameId, ids]) => [`id:${nameId}`, ids])),
    documentNames: new Map(params.documents.map((d) => [d.id, d.filename])),
    locale: params.locale ?? 'nb',
  });
  const byName = new Map(resolved.items.map((i) => [i.nameId, i]));
  return { ...resolved, item: (nameId: string) => byName.get(nameId)! };
}

const doc = (id: string, filename: string, fields: Partial<EvidenceDocument> = {}) => ({
  id,
  filename,
  buildingCategory: null,
  discipline: null,
  informationTypes: [],
  isDrawing: false,
  searchable: true,
  ...fields,
});

describe('deficiency report checklists', () => {
  it('ships NO and GB in versions v1 and v2, each sound: unique ids, known types and parts, both languages', () => {
    const shipped = allChecklists().map((c) => `${c.country} ${c.version}`);
    expect(shipped.sort()).toEqual(['GB v1', 'GB v2', 'NO v1', 'NO v2']);
    for (const checklist of allChecklists()) {
      expect(checklistProblems(checklist, isKnownInformationType)).toEqual([]);
    }
  });

  it('v2 goes deeper than v1 and keeps every v1 item id, so links carry over between versions', () => {
    for (const country of ['NO', 'GB'] as const) {
      const v1 = checklistNodes(checklistFor(country, 'v1'));
      const v2 = checklistNodes(checklistFor(country, 'v2'));
      expect(Math.max(...v2.map((n) => n.depth))).toBeGreaterThan(Math.max(...v1.map((n) => n.depth)));
      const v2Ids = new Set(v2.map((n) => n.nameId));
      expect(v1.map((n) => n.nameId).filter((id) => !v2Ids.has(id))).toEqual([]);
    }
  });

  it('cites the laws the regulations name', () => {
    const laws = (country: 'NO' | 'GB') =>
      checklistNodes(checklistFor(country, 'v2'))
        .map((n) => n.laws)
        .join(' | ');
    expect(laws('NO')).toContain('TEK17 § 11-11');
    expect(laws('NO')).toContain('SAK10 § 8-2');
    expect(laws('GB')).toContain('Building Safety Act 2022 s.88');
  });
});

describe('evaluating a building against a checklist', () => {
  const NO_V1 = checklistFor('NO', 'v1');

  it('an item is partial when some of its documentation is there, and the comment names what is missing', () => {
    const r = report({
      checklist: NO_V1,
      documents: [
        doc('a', 'FDV ventilasjon.pdf', { buildingCategory: '36', informationTypes: ['om_instructions'] }),
        doc('b', 'Plan.pdf', { isDrawing: true }),
        doc('c', 'Notat.pdf'),
      ],
    });
    expect(r.item('hvac.ventilation').status).toBe('partial');
    expect(r.item('hvac.ventilation').comment).toContain('FDV ventilasjon.pdf');
    expect(r.item('hvac.ventilation').comment).toContain('Mangler: innreguleringsprotokoll');
  });

  it('a building part is not applicable only when enough readable documents are silent about it', () => {
    const few = report({ checklist: NO_V1, documents: [doc('a', 'Notat.pdf')] });
    expect(few.item('lifts.documentation').status).toBe('missing');
    const enough = report({ checklist: NO_V1, documents: ['a', 'b', 'c'].map((id) => doc(id, `${id}.pdf`)) });
    expect(enough.item('lifts.documentation').status).toBe('not_applicable');
    expect(enough.item('lifts.documentation').comment).toBe(
      'Ikke aktuelt: ingen av byggets 3 lesbare dokumenter handler om eller nevner heis.',
    );
    // every building has an electrical installation: silence about it is missing documentation
    expect(enough.item('electrical.installation').status).toBe('missing');
  });

  it('a phrase in the body counts as evidence only when it recurs; in the name it counts at once', () => {
    const documents = [
      doc('a', 'Protokoll.pdf'),
      doc('b', 'FDV.pdf', { informationTypes: ['om_instructions'] }),
      doc('c', 'Notat.pdf'),
    ];
    const ventilation = (documentId: string): TermMention => ({
      term: 'ventilasjon',
      documentId,
      hits: 1,
      inName: false,
    });
    const once = report({
      checklist: NO_V1,
      documents,
      mentions: [
        ventilation('a'),
        ventilation('b'),
        { term: 'innregulering', documentId: 'a', hits: 1, inName: false },
      ],
    });
    expect(once.item('hvac.ventilation').status).toBe('partial');
    const recurring = report({
      checklist: NO_V1,
      documents,
      mentions: [
        ventilation('a'),
        ventilation('b'),
        { term: 'innregulering', documentId: 'a', hits: 3, inName: false },
      ],
      locale: 'en',
    });
    expect(recurring.item('hvac.ventilation').status).toBe('complete');
    expect(recurring.item('hvac.ventilation').comment).toContain('Protokoll.pdf, mentions “innregulering”');
  });

  it('a linked document completes the item and everything under it, and progress counts it at once', () => {
    const documents = ['a', 'b', 'c'].map((id) => doc(id, `${id}.pdf`));
    const before = report({ checklist: checklistFor('NO', 'v2'), documents });
    const after = report({ checklist: checklistFor('NO', 'v2'), documents, links: { 'fire_safety.design': ['a'] } });
    expect(before.item('fire_safety.design.products.doors').status).toBe('missing');
    expect(after.item('fire_safety.design.products.doors').status).toBe('complete');
    expect(after.item('fire_safety.design').status).toBe('complete');
    expect(after.item('fire_safety.design').comment).toContain('Koblet til manuelt: a.pdf');
    const fire = (r: typeof before) => r.progressDetails.find((p) => p.theme === 'Brannsikkerhet')!;
    expect(fire(after).progress).toBeGreaterThan(fire(before).progress);
  });
});
