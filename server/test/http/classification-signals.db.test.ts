import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyDocument } from '../../src/domain/classification/classify.js';
import { doc } from '../domain/classification/helpers.js';
import { insertDocument } from '../helpers/ask-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/**
 * The document GET sends each classification signal with a stable code and what it found, beside the classifier's
 * own phrase, so a client words it in its person's language without reading English (and keeps working when a
 * phrase is reworded).
 */
describe.each(testEngines())('classification signals as codes, on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let url: string;
  const classified = classifyDocument(doc({ path: 'RIV/FDV ventilasjonsaggregat.pdf', text: 'Drift og vedlikehold.' }));

  beforeAll(async () => {
    t = await createTestApp({ engine });
    seed = await t.seed();
    const db = t.deps.database.db;
    const documentId = await insertDocument({
      db,
      ownerId: seed.ownerId,
      buildingId: seed.buildingId,
      path: 'RIV/FDV ventilasjonsaggregat.pdf',
      pages: ['Drift og vedlikehold.'],
    });
    await db
      .updateTable('documents')
      .set({ classification: JSON.stringify(classified.evidence) })
      .where('id', '=', documentId)
      .execute();
    url = `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents/${documentId}`;
  }, 60_000);
  afterAll(() => t.close());

  it('gives every signal a code and its parameters, in the order of the text it keeps', async () => {
    const res = await t.request({ method: 'GET', url, key: seed.key });
    expect(res.status).toBe(200);
    const classification = res.body.classification as Record<
      string,
      { evidence: string[]; signals: { code: string; params: Record<string, unknown>; text: string }[] }
    >;
    expect(Object.keys(classification).length).toBeGreaterThan(3);
    for (const entry of Object.values(classification)) {
      expect(entry.signals.map((s) => s.text)).toEqual(entry.evidence);
      expect(entry.signals.filter((s) => s.code === 'unknown')).toEqual([]);
    }
    const discipline = classification.discipline!.signals;
    expect(discipline).toContainEqual({ code: 'folder', params: { folder: 'RIV' }, text: 'folder "RIV"' });
  });
});
