import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CorruptFileError } from '../../../src/domain/pipeline/extraction.types.js';
import { detectFileType } from '../../../src/integrations/extract/detect-type.js';
import { extractDoc } from '../../../src/integrations/extract/doc.extractor.js';
import { extractDwg } from '../../../src/integrations/extract/dwg.extractor.js';
import { extractDxf } from '../../../src/integrations/extract/dxf.extractor.js';
import { extractIfc } from '../../../src/integrations/extract/ifc.extractor.js';
import { extractSpreadsheet } from '../../../src/integrations/extract/spreadsheet.extractor.js';
import { extractVsdx } from '../../../src/integrations/extract/vsdx.extractor.js';
import type { Extractor } from '../../../src/domain/pipeline/extraction.types.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures');

/** a fixture detected from its content and read by the extractor for that kind, as the pipeline does */
async function read(file: string, extractor: Extractor) {
  const filePath = path.join(FIXTURES, file);
  const detected = await detectFileType({ path: filePath, filename: path.basename(file) });
  const extraction = await extractor({ path: filePath, filename: path.basename(file), detected });
  return { detected, extraction, text: extraction.pages.map((page) => page.text).join('\n') };
}

/**
 * Real files of the formats a machine with or without Debian's tools lost (issue 49); these readers are JavaScript
 * only, so the two machines read them alike.
 */
describe('models and drawings', () => {
  it('reads an IFC model’s materials, layer set and type', async () => {
    const { text } = await read('models/buildingsmart-slab-standard-case.ifc', extractIfc);
    expect(text).toContain('Materials:\nConcrete');
    expect(text).toContain('200mm Concrete: Concrete 200 mm (Core)');
    expect(text).toContain('Slab type 200mm Concrete (FLOOR)');
  });

  it('reads an IFC model’s bounded, list, table and complex property values and its element', async () => {
    const { text } = await read('models/buildingsmart-UT_Properties_1.ifc', extractIfc);
    for (const line of [
      'Example PSet with àn unicode char: BOUNDED = 123–456',
      'Example PSet with àn unicode char: LIST = 0, 1, 2',
      'Example PSet with àn unicode char: TABLE = 1: 10, 2: 20',
      'Example PSet with àn unicode char: ComplexProperty1: ComplexProperty2: SINGLE = 123',
      'Beam Example Element',
    ]) {
      expect(text).toContain(line);
    }
  });

  it('reads a DWG’s multileader notes and dimension text', async () => {
    const { text } = await read('drawings/tika-architectural-annotation-scaling-and-multileaders.dwg', extractDwg);
    expect(text).toContain('EPDM ROOF CONSTRUCTION');
    expect(text).toContain('O.S.B SHEATHING');
    expect(text).toContain('ELEV. 11\'-9" TOP OF SECOND FLR.');
    expect(text).toContain('22\'-8" [6909]');
  }, 60_000);

  it('recovers the text of a damaged DXF and says it was damaged', async () => {
    const { text, extraction } = await read('drawings/tika-testDXF_ascii-damaged.dxf', extractDxf);
    expect(text).toContain('Power supply for LIPCA ROBOT - Biorobotics Lab');
    expect(text).toContain('ATMEGA128');
    expect(extraction.note).toBe('The DXF file is damaged; its text was recovered as far as it could be read');
  });

  it('still calls a file that is no drawing at all corrupt', async () => {
    const filePath = path.join(FIXTURES, 'corpus/textract/standardized_text.txt');
    await expect(
      extractDxf({
        path: filePath,
        filename: 'x.dxf',
        detected: { kind: 'dxf', mime: 'image/vnd.dxf', extension: 'dxf', extensionMismatch: false },
      }),
    ).rejects.toBeInstanceOf(CorruptFileError);
  });
});

describe('old and odd Office files', () => {
  it('reads a Word 6/95 document, with its title and author', async () => {
    const { detected, extraction, text } = await read('legacy-office/tika-testWORD6.doc', extractDoc);
    expect(detected.kind).toBe('doc');
    expect(text).toBe('The quick brown fox jumps over the lazy dog');
    expect(extraction.title).toBe('The quick brown fox jumps over the lazy dog');
    expect(extraction.metadata.author).toBe('Nevin Nollop');
  });

  it('knows a Visio .vsdx by its content and reads its shape text', async () => {
    const { detected, text } = await read('office/tika-testVISIO_text.vsdx', extractVsdx);
    expect(detected.kind).toBe('vsdx');
    expect(text.split('\n')).toEqual(
      expect.arrayContaining(['Text here', 'Text there', 'Text, text, everywhere!', 'Router here']),
    );
  });

  it('reads an .xlsx whose worksheet comes first in the zip, under a name of its own', async () => {
    const { detected, extraction } = await read('office/textract-standardized_text-reordered.xlsx', extractSpreadsheet);
    expect(detected.kind).toBe('xlsx');
    expect(extraction.pages).toEqual([
      { pageNumber: 1, label: 'Sheet1', text: 'the\tquick\tbrown\tfox\njumps\tover the\nlazy\n\tdog' },
    ]);
  });
});
