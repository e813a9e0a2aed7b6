import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CorruptFileError } from '../../../src/domain/pipeline/extraction.types.js';
import { extractPptx } from '../../../src/integrations/extract/pptx.extractor.js';
import { buildDocx, buildPptx, extractorInput } from '../../helpers/office-fixtures.js';

let workDir: string;

beforeEach(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'byggdok-pptx-'));
});

afterEach(async () => {
  await rm(workDir, { recursive: true, force: true });
});

async function extract(file: Buffer) {
  const filePath = path.join(workDir, 'deck.pptx');
  await writeFile(filePath, file);
  return extractPptx(extractorInput(filePath, 'pptx'));
}

describe('extractPptx', () => {
  it('gives one page per slide in presentation order, labelled with the slide title, with speaker notes', async () => {
    const result = await extract(
      buildPptx({
        slides: [
          { title: 'Byggemøte 12', lines: ['Status uke 14', 'Fasade: montering pågår'] },
          { title: 'Avvik', lines: ['Manglende branntetting i sjakt 3'], notes: 'Rørlegger følger opp innen fredag' },
          { lines: ['Spørsmål?'] },
        ],
        core: { title: 'Byggemøte Storgata 5', creator: 'Ola Nordmann' },
      }),
    );

    expect(result.pages).toEqual([
      { pageNumber: 1, label: 'Byggemøte 12', text: 'Byggemøte 12\nStatus uke 14\nFasade: montering pågår' },
      {
        pageNumber: 2,
        label: 'Avvik',
        text: 'Avvik\nManglende branntetting i sjakt 3\n\nNotes:\nRørlegger følger opp innen fredag',
      },
      { pageNumber: 3, text: 'Spørsmål?' },
    ]);
    expect(result.title).toBe('Byggemøte Storgata 5');
    expect(result.metadata.author).toBe('Ola Nordmann');
  });

  it('falls back to the first slide title as the document title', async () => {
    const result = await extract(buildPptx({ slides: [{ title: 'Overlevering', lines: ['FDV'] }] }));

    expect(result.title).toBe('Overlevering');
  });

  it('reports a zip that is not a presentation as corrupt', async () => {
    await expect(extract(buildDocx({ bodyXml: '' }))).rejects.toBeInstanceOf(CorruptFileError);
  });
});
