import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { popplerAvailable } from '../../../src/integrations/extract/pdf.extractor.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngines } from '../../helpers/test-database.js';

/**
 * The corpus of public files (test/fixtures/corpus/manifest.json), every one uploaded through the real pipeline: the
 * kind its content is, what became of it and why, and its text.
 */
interface CorpusFile {
  file: string;
  kind: string;
  outcome: string;
  /** exact strings the document's text holds */
  contains?: string[];
  /** every one of these words is in the text, whatever the layout */
  words?: string;
  /** the reason the document gives, exactly */
  reason?: string;
  /** a tool the outcome depends on */
  needs?: 'poppler';
  why: string;
}

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures');
const manifest = JSON.parse(await fs.readFile(path.join(FIXTURES, 'corpus/manifest.json'), 'utf8')) as {
  files: CorpusFile[];
};
const hasPoppler = await popplerAvailable();
const wordsOf = (text: string) => new Set(text.toLowerCase().match(/\p{L}+/gu) ?? []);

describe.each(testEngines())('the corpus of public files on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp({ engine, workers: true });
    seed = await t.seed();
    for (const entry of manifest.files) {
      const bytes = await fs.readFile(path.join(FIXTURES, entry.file));
      ids.set(entry.file, await t.upload({ seed, filename: `Korpus/${path.basename(entry.file)}`, bytes }));
    }
    await t.waitForProcessing([...ids.values()], 240_000);
  }, 300_000);
  afterAll(() => t?.close());

  it.each(manifest.files.map((entry) => [entry.file, entry] as const))('%s', async (_, entry) => {
    if (entry.needs === 'poppler' && !hasPoppler) return;
    const id = ids.get(entry.file)!;
    const row = await t.deps.database.db
      .selectFrom('documents')
      .select(['file_kind'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const status = (
      await t.request({
        method: 'GET',
        url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents/${id}/status`,
        key: seed.key,
      })
    ).body as { outcome: string; reason: string | null };
    const pages = await t.deps.database.db
      .selectFrom('document_pages')
      .select('text')
      .where('document_id', '=', id)
      .orderBy('page_number')
      .execute();
    const text = pages.map((page) => page.text).join('\n');
    const found = {
      kind: row.file_kind,
      outcome: status.outcome,
      ...(entry.reason ? { reason: status.reason } : {}),
      ...(entry.contains ? { contains: entry.contains.filter((part) => text.includes(part)) } : {}),
      ...(entry.words ? { missingWords: [...wordsOf(entry.words)].filter((word) => !wordsOf(text).has(word)) } : {}),
    };
    expect(found, entry.why).toEqual({
      kind: entry.kind,
      outcome: entry.outcome,
      ...(entry.reason ? { reason: entry.reason } : {}),
      ...(entry.contains ? { contains: entry.contains } : {}),
      ...(entry.words ? { missingWords: [] } : {}),
    });
  });
});
