import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { CorruptFileError } from '../../../src/domain/pipeline/extraction.types.js';
import { extractDoc } from '../../../src/integrations/extract/doc.extractor.js';
import { detectFileType } from '../../../src/integrations/extract/detect-type.js';
import { extractorInput } from '../../helpers/office-fixtures.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/legacy-office');

describe('Word 97-2003 documents (.doc)', () => {
  it('reads the text of a real .doc, Chinese and English alike', async () => {
    const file = path.join(FIXTURES, 'word-extractor-test11.doc');
    expect(await detectFileType({ path: file, filename: 'test11.doc' })).toMatchObject({
      kind: 'doc',
      extensionMismatch: false,
    });
    const result = await extractDoc(extractorInput(file, 'doc'));
    expect(result.pages).toHaveLength(1);
    expect(result.pages[0]!.text).toContain('这是一个用来测试nodejs解析Word文档');
    expect(result.pages[0]!.text).toContain('This is a test for parsing the Word file in node.');
  });

  it('keeps paragraphs apart and drops the blank runs between them', async () => {
    const result = await extractDoc(extractorInput(path.join(FIXTURES, 'word-extractor-test02.doc'), 'doc'));
    const text = result.pages[0]!.text;
    expect(text).toMatch(/^My name is Ryan This is a test/);
    expect(text).toContain('\n\nThis Test consists of several paragraphs');
    expect(text).not.toMatch(/\n{3,}/);
  });

  it('says a broken .doc is corrupt', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'byggdok-doc-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'broken.doc');
    await writeFile(file, Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600, 7)]));
    await expect(extractDoc(extractorInput(file, 'doc'))).rejects.toBeInstanceOf(CorruptFileError);
  });
});
