import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { detectFileType } from '../../../src/integrations/extract/detect-type.js';
import { extractVsdx } from '../../../src/integrations/extract/vsdx.extractor.js';
import { buildZip, extractorInput } from '../../helpers/office-fixtures.js';

const VISIO = 'xmlns="http://schemas.microsoft.com/office/visio/2012/main"';
const page = (...texts: string[]) =>
  `<PageContents ${VISIO}><Shapes>${texts.map((text, i) => `<Shape ID="${i + 1}"><Text><cp IX="0"/>${text}</Text></Shape>`).join('')}</Shapes></PageContents>`;

describe('Visio drawings (.vsdx)', () => {
  it('reads the text of the shapes page by page, with the page names', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'byggdok-vsdx-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'Prinsipp.vsdx');
    await writeFile(
      file,
      buildZip([
        { name: '[Content_Types].xml', data: '<Types/>' },
        { name: '_rels/.rels', data: '<Relationships/>' },
        { name: 'visio/document.xml', data: `<VisioDocument ${VISIO}/>` },
        {
          name: 'visio/pages/pages.xml',
          data: `<Pages ${VISIO}><Page ID="0" NameU="Ventilasjon"/><Page ID="4" NameU="Sprinkler"/></Pages>`,
        },
        { name: 'visio/pages/page2.xml', data: page('Sprinklersentral', 'Alarmventil') },
        { name: 'visio/pages/page1.xml', data: page('Aggregat 360.001', 'Tilluft  plan 1') },
      ]),
    );
    expect(await detectFileType({ path: file, filename: 'Prinsipp.vsdx' })).toMatchObject({ kind: 'vsdx' });
    const result = await extractVsdx(extractorInput(file, 'vsdx'));
    expect(result.pages).toEqual([
      { pageNumber: 1, label: 'Ventilasjon', text: 'Aggregat 360.001\nTilluft plan 1' },
      { pageNumber: 2, label: 'Sprinkler', text: 'Sprinklersentral\nAlarmventil' },
    ]);
  });
});
