import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { popplerAvailable } from '../../src/integrations/extract/pdf.extractor.js';
import { listTesseractCliLanguages } from '../../src/integrations/ocr/index.js';
import { createTestApp, type TestApp } from './test-app.js';
import { testEngines } from './test-database.js';

/**
 * The corpus of public files (test/fixtures/corpus/manifest.json), every one uploaded through the real pipeline: the
 * kind its content is, what became of it and why, its text, and that search finds it by its own words.
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
  /** the reason starts with this (it names what the reader met, which differs between poppler and pdf.js) */
  reasonStartsWith?: string;
  /** a search for this finds the document */
  search?: string;
  /** a tool the outcome depends on */
  needs?: 'poppler';
  why: string;
}

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const wordsOf = (text: string) => new Set(text.toLowerCase().match(/\p{L}+/gu) ?? []);

/**
 * Runs the corpus on both database engines. `debianTools: false` is a fresh machine: the caller has taken poppler,
 * tesseract and LibreOffice off the PATH before anything looked for them, and the suite checks they are gone.
 */
export function describeCorpus(params: { label: string; debianTools: boolean }): void {
  describe.each(testEngines())(`the corpus of public files ${params.label} on %s`, (engine) => {
    let t: TestApp;
    let seed: Awaited<ReturnType<TestApp['seed']>>;
    let hasPoppler = false;
    const ids = new Map<string, string>();
    let manifest: { files: CorpusFile[] } = { files: [] };

    beforeAll(async () => {
      manifest = JSON.parse(await fs.readFile(path.join(FIXTURES, 'corpus/manifest.json'), 'utf8')) as typeof manifest;
      hasPoppler = await popplerAvailable();
      t = await createTestApp({ engine, workers: true });
      seed = await t.seed();
      for (const entry of manifest.files) {
        const bytes = await fs.readFile(path.join(FIXTURES, entry.file));
        ids.set(entry.file, await t.upload({ seed, filename: `Korpus/${path.basename(entry.file)}`, bytes }));
      }
      await t.waitForProcessing([...ids.values()], 900_000);
    }, 960_000);
    afterAll(() => t?.close());

    if (!params.debianTools) {
      it('runs without poppler and tesseract', async () => {
        expect({ poppler: await popplerAvailable(), tesseract: await listTesseractCliLanguages() }).toEqual({
          poppler: false,
          tesseract: [],
        });
      });
    }

    it('reads or flags every file, each with its outcome, reason, text and search', async () => {
      const failures: unknown[] = [];
      for (const entry of manifest.files) {
        if (entry.needs === 'poppler' && !hasPoppler) continue;
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
        const hits = entry.search
          ? (
              (
                await t.request({
                  method: 'GET',
                  url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/search?${new URLSearchParams({ query: entry.search, max_results: '50' }).toString()}`,
                  key: seed.key,
                })
              ).body as { hits: { id: string }[] }
            ).hits.map((hit) => hit.id)
          : [];
        const found = {
          file: entry.file,
          kind: row.file_kind,
          outcome: status.outcome,
          ...(entry.reason ? { reason: status.reason } : {}),
          ...(entry.reasonStartsWith ? { reasonStart: status.reason?.slice(0, entry.reasonStartsWith.length) } : {}),
          ...(entry.contains ? { contains: entry.contains.filter((part) => text.includes(part)) } : {}),
          ...(entry.words
            ? { missingWords: [...wordsOf(entry.words)].filter((word) => !wordsOf(text).has(word)) }
            : {}),
          ...(entry.search ? { foundBySearch: hits.includes(id) } : {}),
        };
        const expected = {
          file: entry.file,
          kind: entry.kind,
          outcome: entry.outcome,
          ...(entry.reason ? { reason: entry.reason } : {}),
          ...(entry.reasonStartsWith ? { reasonStart: entry.reasonStartsWith } : {}),
          ...(entry.contains ? { contains: entry.contains } : {}),
          ...(entry.words ? { missingWords: [] } : {}),
          ...(entry.search ? { foundBySearch: true } : {}),
        };
        // every file that is not read says why in words
        const unexplained = status.outcome !== 'read' && !status.reason;
        if (JSON.stringify(found) !== JSON.stringify(expected) || unexplained)
          failures.push({ why: entry.why, found, expected });
      }
      expect(failures).toEqual([]);
    });
  });
}
