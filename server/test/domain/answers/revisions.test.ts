import { describe, expect, it } from 'vitest';
import type { Citation } from '../../../src/domain/answers/answer.types.js';
import type { Passage } from '../../../src/domain/answers/ports.js';
import { preferLatestRevisions, supersededNote } from '../../../src/domain/answers/revisions.js';

const passage = (documentId: string, text: string): Passage => ({
  documentId,
  buildingId: 'bld-1',
  filename: `${documentId}.pdf`,
  chunkId: `${documentId}-1`,
  pageNumber: 1,
  charStart: 0,
  charEnd: text.length,
  text,
  score: 1,
});

const citation = (number: number, supersededBy: string | null, filename: string): Citation => ({
  number,
  documentId: `doc-${number}`,
  buildingId: 'bld-1',
  filename,
  pageNumber: 1,
  citedText: 'Filteret byttes hver 3. måned.',
  charStart: 0,
  charEnd: 30,
  supersededBy,
});

describe('answers prefer the latest revision', () => {
  it('drops a superseded revision when a newer revision of it is among the passages found', () => {
    const passages = [
      passage('rev-b', 'Filter byttes hver 3. måned.'),
      passage('rev-c', 'Filter byttes hver 6. måned.'),
      passage('other', 'Brannalarmen testes årlig.'),
    ];
    const newerOf = new Map([
      ['rev-b', ['rev-c']],
      ['rev-c', []],
      ['other', []],
    ]);
    expect(preferLatestRevisions({ passages, newerOf }).map((p) => p.documentId)).toEqual(['rev-c', 'other']);
  });

  it('drops it also when only a later revision two steps on was found (B -> C -> D, D found)', () => {
    const passages = [passage('rev-b', 'x'), passage('rev-d', 'y')];
    const newerOf = new Map([['rev-b', ['rev-c', 'rev-d']]]);
    expect(preferLatestRevisions({ passages, newerOf }).map((p) => p.documentId)).toEqual(['rev-d']);
  });

  it('keeps a superseded passage that holds more of the question than any newer one', () => {
    const passages = [
      { ...passage('rev-c', 'Teknisk rom ligger ved akse A. Plan 3. etasje.'), score: 7.5 },
      { ...passage('rev-d', 'Plan 3. etasje, revisjon D.'), score: 2.1 },
      { ...passage('rev-c', 'Himlingshøyden er 2,7 meter.'), score: 1.2 },
    ];
    const newerOf = new Map([['rev-c', ['rev-d']]]);
    const kept = preferLatestRevisions({ passages, newerOf });
    expect(kept.map((p) => p.text)).toEqual([
      'Teknisk rom ligger ved akse A. Plan 3. etasje.',
      'Plan 3. etasje, revisjon D.',
    ]);
  });

  it('keeps a superseded revision when no newer revision holds the words', () => {
    const passages = [passage('rev-b', 'Kontaktperson: Ola Nordmann.'), passage('other', 'Brannalarmen testes årlig.')];
    const newerOf = new Map([['rev-b', ['rev-c']]]);
    expect(preferLatestRevisions({ passages, newerOf })).toHaveLength(2);
  });

  it('says so in the answer language when a cited document is superseded, and says nothing otherwise', () => {
    const old = [citation(1, 'doc-9', 'A-10-103 rev B.pdf'), citation(2, null, 'FDV.pdf')];
    expect(supersededNote({ citations: old, language: 'nb' })).toBe(
      'Merk: [1] er fra en eldre revisjon (A-10-103 rev B.pdf); en nyere revisjon finnes, men svarer ikke på dette.',
    );
    expect(supersededNote({ citations: old, language: 'en' })).toContain('[1] is from a superseded revision');
    expect(supersededNote({ citations: [citation(1, null, 'FDV.pdf')], language: 'nb' })).toBeNull();
  });
});
