import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../../src/storage/db/migrations/0067-learned-evidence-without-names.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/**
 * Evidence stored before stop 103 quoted words of the similar corrected documents a learned classification came
 * from, and those may lie in a building or a private folder the reader of this document cannot see. Migration 0067
 * rewrites those lines to the form written since, which names none.
 */
describe.each(testEngines())('learned evidence stored before names no other document, on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let documentId: string;
  let untouchedId: string;

  /** each field's value, confidence and evidence lines as the API shows them (it adds `signals` read from the lines) */
  const classificationOf = async (id: string) => {
    const { body } = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents/${id}`,
      key: seed.key,
    });
    const fields = body.classification as Record<string, { value: unknown; confidence: number; evidence: string[] }>;
    return {
      fields: Object.fromEntries(
        Object.entries(fields).map(([name, { value, confidence, evidence }]) => [
          name,
          { value, confidence, evidence },
        ]),
      ),
      whole: JSON.stringify(body),
    };
  };

  beforeAll(async () => {
    t = await createTestApp({ engine });
    seed = await t.seed();
    documentId = await t.upload({ seed, filename: 'Varmepumpe produktblad.txt', bytes: Buffer.from('Varmepumpe') });
    untouchedId = await t.upload({ seed, filename: 'Notat.txt', bytes: Buffer.from('Notat') });
    // as applyOwnerModel wrote it before stop 103, beside a field the rules decided and an odd line of the old kind
    const stored = {
      buildingCategory: {
        value: '37',
        confidence: 0.9,
        evidence: [
          'learned from 3 corrections in this owner',
          'similar corrected documents: "heimdal", "leiekontrakt", "privat" (12 buildingCategory corrections in this owner)',
          'rules said "32"',
          'rules: filename "varmepumpe"',
        ],
      },
      informationTypes: {
        value: ['produktdatablad'],
        confidence: 0.8,
        evidence: ['learned from 2 corrections in this owner', 'similar corrected documents: "heimdal"'],
      },
      discipline: { value: 'RIV', confidence: 0.7, evidence: ['folder "RIV"'] },
    };
    const rules = { discipline: { value: 'RIB', confidence: 0.6, evidence: ['filename "notat"'] } };
    const db = t.deps.database.db;
    await db
      .updateTable('documents')
      .set({ classification: JSON.stringify(stored) })
      .where('id', '=', documentId)
      .execute();
    await db
      .updateTable('documents')
      .set({ classification: JSON.stringify(rules) })
      .where('id', '=', untouchedId)
      .execute();
  }, 60_000);
  afterAll(() => t?.close());
  /** the migration's own step, on rows stored as they were before it */
  const migrate = () => up(t.deps.database.db as unknown as Kysely<unknown>);

  it('keeps the count of corrections and drops the words, leaving every other line and field as it was', async () => {
    expect((await classificationOf(documentId)).whole).toContain('heimdal');
    await migrate();
    const { fields: after, whole } = await classificationOf(documentId);
    expect(after.buildingCategory).toEqual({
      value: '37',
      confidence: 0.9,
      evidence: [
        'learned from 3 corrections in this owner',
        '12 buildingCategory corrections in this owner',
        'rules said "32"',
        'rules: filename "varmepumpe"',
      ],
    });
    expect(after.informationTypes).toEqual({
      value: ['produktdatablad'],
      confidence: 0.8,
      evidence: ['learned from 2 corrections in this owner', 'corrections in this owner'],
    });
    expect(after.discipline).toEqual({ value: 'RIV', confidence: 0.7, evidence: ['folder "RIV"'] });
    // nowhere in the answer, signals included
    for (const word of ['heimdal', 'leiekontrakt', 'privat', 'similar corrected']) expect(whole).not.toContain(word);
    expect((await classificationOf(untouchedId)).fields).toEqual({
      discipline: { value: 'RIB', confidence: 0.6, evidence: ['filename "notat"'] },
    });
    // run again (a restore migrates older rows the same way): nothing changes
    await migrate();
    expect((await classificationOf(documentId)).fields).toEqual(after);
  });
});
