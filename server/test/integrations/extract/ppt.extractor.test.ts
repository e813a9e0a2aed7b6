import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { CorruptFileError, EncryptedFileError } from '../../../src/domain/pipeline/extraction.types.js';
import { detectFileType } from '../../../src/integrations/extract/detect-type.js';
import { extractPpt } from '../../../src/integrations/extract/ppt.extractor.js';
import { extractorInput } from '../../helpers/office-fixtures.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/legacy-office');
const read = (name: string) => extractPpt(extractorInput(path.join(FIXTURES, name), 'ppt'));

describe('PowerPoint 97-2003 presentations (.ppt)', () => {
  it("reads a slide's placeholders, with its title as the page label and the document's title", async () => {
    const file = path.join(FIXTURES, 'tika-testPPT.ppt');
    expect(await detectFileType({ path: file, filename: 'testPPT.ppt' })).toMatchObject({ kind: 'ppt' });
    const result = await read('tika-testPPT.ppt');
    expect(result.pages).toHaveLength(1);
    expect(result.pages[0]).toMatchObject({ pageNumber: 1, label: 'Sample Powerpoint Slide' });
    expect(result.pages[0]!.text).toBe(
      'Sample Powerpoint Slide\n\nCreated with Microsoft\nPowerpoint X for Mac\nService Release 1',
    );
    expect(result.title).toBe('Sample Powerpoint Slide');
    expect(result.metadata.author).toBe('Keith Bennett');
  });

  it('reads the text boxes, tables and lists of a slide, and grouped shapes', async () => {
    const various = (await read('tika-testPPT_various.ppt')).pages[0]!.text;
    for (const expected of [
      'Row 1 Col 1',
      'Row 2 Col 3',
      'Here is a text box',
      'Bold italic underline superscript subscript',
      'Here is a list:\nBullet 1\nBullet 2\nBullet 3',
      'Number bullet 3',
    ]) {
      expect(various).toContain(expected);
    }
    // the speaker notes page, after the slide, without its slide-number field
    expect(various).toMatch(
      /\[1\] This is a footnote\.\n\nNotes:\nThis is the footer text\.\n\nThis is the header text\.$/,
    );
    expect(various).toContain('Suddenly some Japanese text:\nゾルゲと尾崎、淡々と最期');
    // PowerPoint's stand-in title ("Slide 1") is no title
    expect((await read('tika-testPPT_various.ppt')).title).toBeUndefined();
    const groups = await read('tika-testPPT_groups.ppt');
    expect(groups.pages[0]!.label).toBe('MyTitle');
    expect(groups.title).toBe('MyTitle');
    for (const box of ['Text box1', 'Text box5 tika link', 'WordArt2', 'Ungrouped text box']) {
      expect(groups.pages[0]!.text).toContain(box);
    }
  });

  it('says a password-protected presentation is encrypted, and a damaged one corrupt', async () => {
    await expect(read('tika-testPPT_protected_passtika.ppt')).rejects.toThrow(EncryptedFileError);
    const dir = await mkdtemp(path.join(tmpdir(), 'byggdok-ppt-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const damaged = path.join(dir, 'skadet.ppt');
    await writeFile(damaged, (await readFile(path.join(FIXTURES, 'tika-testPPT.ppt'))).subarray(0, 2000));
    await expect(extractPpt(extractorInput(damaged, 'ppt'))).rejects.toThrow(CorruptFileError);
  });
});
