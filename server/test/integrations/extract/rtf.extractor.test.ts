import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { CorruptFileError } from '../../../src/domain/pipeline/extraction.types.js';
import { extractRtf, rtfToText } from '../../../src/integrations/extract/rtf.extractor.js';
import { extractorInput } from '../../helpers/office-fixtures.js';

/** what Word writes: tables of fonts, colours and styles, an info group, code-page bytes and Unicode with fallbacks */
const WORD_RTF = String.raw`{\rtf1\ansi\ansicpg1252\deff0\deflang1044{\fonttbl{\f0\froman\fcharset0 Times New Roman;}{\f1\fswiss Arial;}}
{\colortbl;\red0\green0\blue0;}{\stylesheet{\s0 Normal;}}{\info{\title Gammelt notat}{\author Ola}}
{\*\generator Microsoft Word 11.0;}\pard\plain\f1\fs24 Tilstandsrapport for Storgata 5\par
Fukt i kjeller m\'e5lt til 24 % \u8211\'96 se vedlegg.\par
\trowd\cellx2000\cellx4000 Rom\cell Areal\cell\row
Bod\cell 4 m\u178\'b2\cell\row
\page Side to: {\b konklusjon} og {\*\bkmkstart x}tiltak.\par}`;

describe('RTF documents', () => {
  it('reads the text a reader sees: code-page letters, Unicode, tables and page breaks, without the tables of fonts', () => {
    expect(
      rtfToText(WORD_RTF)
        .split('\f')
        .map((page) => page.trim()),
    ).toEqual([
      'Tilstandsrapport for Storgata 5\nFukt i kjeller målt til 24 % – se vedlegg.\nRom\tAreal\t\nBod\t4 m²',
      'Side to: konklusjon og tiltak.',
    ]);
  });

  it('reads a file as pages, and says a file without the RTF header is not one', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'byggdok-rtf-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    await writeFile(path.join(dir, 'notat.rtf'), WORD_RTF, 'latin1');
    const result = await extractRtf(extractorInput(path.join(dir, 'notat.rtf'), 'rtf'));
    expect(result.pages.map((page) => page.pageNumber)).toEqual([1, 2]);
    expect(result.title).toBe('Gammelt notat');
    expect(result.pages[0]!.text).toContain('Fukt i kjeller målt');
    await writeFile(path.join(dir, 'falsk.rtf'), 'Hei', 'latin1');
    await expect(extractRtf(extractorInput(path.join(dir, 'falsk.rtf'), 'rtf'))).rejects.toBeInstanceOf(
      CorruptFileError,
    );
  });
});
