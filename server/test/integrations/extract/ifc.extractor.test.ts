import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CorruptFileError } from '../../../src/domain/pipeline/extraction.types.js';
import {
  decodeStepString,
  extractIfc,
  parseStepArguments,
  readStepStatements,
} from '../../../src/integrations/extract/ifc.extractor.js';
import { extractorInput } from '../../helpers/office-fixtures.js';

let workDir: string;

beforeEach(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'byggdok-ifc-'));
});

afterEach(async () => {
  await rm(workDir, { recursive: true, force: true });
});

const HEADER = [
  'ISO-10303-21;',
  'HEADER;',
  "FILE_DESCRIPTION(('ViewDefinition [CoordinationView]'),'2;1');",
  "FILE_NAME('Storgata 5.ifc','2024-04-02T10:15:00',('Kari Nordmann'),('Arkitektkontoret Fjord AS'),'IFC Engine','Autodesk Revit 2024','');",
  "FILE_SCHEMA(('IFC4'));",
  'ENDSEC;',
  'DATA;',
].join('\n');

const MODEL = [
  HEADER,
  "#1=IFCPROJECT('0YvctVUKr0kugbFTf53O9L',#2,'Storgata 5','Rehabilitering av bolig\\X2\\00E6\\X0\\rer',$,'Borettslaget Storgata 5','Forprosjekt',(#20),#30);",
  '#30=IFCUNITASSIGNMENT((#31));',
  '#31=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);',
  "#40=IFCPOSTALADDRESS($,$,$,$,('Storgata 5'),$,'Oslo',$,'0155','Norge');",
  "#50=IFCSITE('2aE3zVzVz0xg4Fj4Yy4b1P',#2,'Tomt','Gnr 12 Bnr 34',$,#51,$,$,.ELEMENT.,(59,54,0),(10,45,0),0.,$,$);",
  "#60=IFCBUILDING('1aE3zVzVz0xg4Fj4Yy4b1P',#2,'Hus A','Boligblokk',$,$,$,'Storgata 5 hus A',.ELEMENT.,$,$,#40);",
  "#70=IFCBUILDINGSTOREY('3aE3zVzVz0xg4Fj4Yy4b1P',#2,'02 Etasje',$,$,$,$,'2. etasje',.ELEMENT.,3000.);",
  "#71=IFCBUILDINGSTOREY('4aE3zVzVz0xg4Fj4Yy4b1P',#2,'01 Etasje',$,$,$,$,$,.ELEMENT.,0.);",
  "#72=IFCBUILDINGSTOREY('5aE3zVzVz0xg4Fj4Yy4b1P',#2,'U1 Kjeller',$,$,$,$,$,.ELEMENT.,-2800.);",
  "#80=IFCSPACE('6aE3zVzVz0xg4Fj4Yy4b1P',#2,'101',$,$,$,$,'Stue/kj\\X2\\00F8\\X0\\kken',.ELEMENT.,.INTERNAL.,$);",
  "#81=IFCSPACE('7aE3zVzVz0xg4Fj4Yy4b1P',#2,'102',$,$,$,$,'Kaf\\S\\i',.ELEMENT.,.INTERNAL.,$);",
  "#82=IFCSPACE('8aE3zVzVz0xg4Fj4Yy4b1P',#2,'103',$,$,$,$,'Vindfang før trapp',.ELEMENT.,.INTERNAL.,$);",
  // A statement spread over lines, with a ";" inside a string.
  "#90=IFCPROPERTYSINGLEVALUE('FireRating',$,",
  "  IFCLABEL('EI 60; A2-s1,d0'),$);",
  "#91=IFCPROPERTYSINGLEVALUE('IsExternal',$,IFCBOOLEAN(.T.),$);",
  "#92=IFCPROPERTYSINGLEVALUE('Reference',$,IFCIDENTIFIER('Yttervegg \\X\\E6'),$);",
  "#93=IFCPROPERTYSINGLEVALUE('NumberOfStoreys',$,IFCINTEGER(3),$);",
  "#94=IFCPROPERTYSINGLEVALUE('YearOfConstruction',$,IFCLABEL('1962'),$);",
  "#95=IFCPROPERTYSET('9aE3zVzVz0xg4Fj4Yy4b1P',#2,'Pset_WallCommon',$,(#90,#91,#92));",
  "#96=IFCPROPERTYSET('AaE3zVzVz0xg4Fj4Yy4b1P',#2,'Pset_BuildingCommon',$,(#93,#94));",
  '/* exporter note; not a statement */',
  "#97=IFCRELDEFINESBYPROPERTIES('BaE3zVzVz0xg4Fj4Yy4b1P',#2,$,$,(#60),#96);",
  "#98=IFCWALL('CaE3zVzVz0xg4Fj4Yy4b1P',#2,'Basic Wall:Yttervegg',$,$,$,$,$,$);",
  'ENDSEC;',
  'END-ISO-10303-21;',
  '',
].join('\n');

async function extractText(content: Buffer | string) {
  const filePath = path.join(workDir, 'model.ifc');
  await writeFile(filePath, content);
  return extractIfc(extractorInput(filePath, 'ifc'));
}

describe('extractIfc', () => {
  it('summarises project, site, building with address, storeys by elevation, spaces and property values', async () => {
    const result = await extractText(Buffer.from(MODEL, 'utf8'));

    expect(result.title).toBe('Storgata 5');
    expect(result.metadata).toEqual({
      author: 'Kari Nordmann',
      createdAt: new Date('2024-04-02T10:15:00').toISOString(),
      producer: 'Autodesk Revit 2024',
    });
    expect(result.pages).toHaveLength(1);
    const lines = result.pages[0]!.text.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Project: Storgata 5 – Borettslaget Storgata 5',
        'Description: Rehabilitering av boligærer',
        'Phase: Forprosjekt',
        'Site: Tomt',
        'Building: Hus A – Storgata 5 hus A',
        'Building description: Boligblokk',
        'Address: Storgata 5, 0155 Oslo, Norge',
        '101 – Stue/kjøkken',
        '102 – Kafé',
        '103 – Vindfang før trapp',
        'Properties of Building Hus A – Storgata 5 hus A:',
        'Pset_BuildingCommon: NumberOfStoreys = 3',
        'Pset_BuildingCommon: YearOfConstruction = 1962',
        'Pset_WallCommon: FireRating = EI 60; A2-s1,d0',
        'Pset_WallCommon: IsExternal = true',
        'Pset_WallCommon: Reference = Yttervegg æ',
        'Schema: IFC4',
      ]),
    );
    const storeys = lines.slice(lines.indexOf('Storeys:') + 1, lines.indexOf('Storeys:') + 4);
    expect(storeys).toEqual([
      'U1 Kjeller (elevation -2800 mm)',
      '01 Etasje (elevation 0 mm)',
      '02 Etasje – 2. etasje (elevation 3000 mm)',
    ]);
    // The building's own property set is listed with the building, not again under the general properties.
    expect(lines.filter((line) => line === 'Pset_BuildingCommon: NumberOfStoreys = 3')).toHaveLength(1);
  });

  it('streams a large model and still finds what comes at the end', async () => {
    const filePath = path.join(workDir, 'large.ifc');
    const out = createWriteStream(filePath);
    out.write(`${HEADER}\n`);
    const filler: string[] = [];
    for (let id = 1000; id < 1000 + 200_000; id += 1) {
      filler.push(`#${id}=IFCCARTESIANPOINT((${id}.,${id * 2}.,0.));`);
      if (filler.length === 10_000) {
        if (!out.write(`${filler.join('\n')}\n`)) await once(out, 'drain');
        filler.length = 0;
      }
    }
    out.write("#5=IFCPROJECT('x',$,'Stort prosjekt',$,$,$,$,$,$);\n");
    out.write("#6=IFCSPACE('y',$,'999',$,$,$,$,'Teknisk rom \\X2\\00C5\\X0\\',.ELEMENT.,.INTERNAL.,$);\n");
    out.end('ENDSEC;\nEND-ISO-10303-21;\n');
    await once(out, 'finish');

    const result = await extractIfc(extractorInput(filePath, 'ifc'));

    expect(result.title).toBe('Stort prosjekt');
    expect(result.pages[0]!.text).toContain('999 – Teknisk rom Å');
  });

  it('reports a file without the STEP header as corrupt', async () => {
    await expect(extractText('just some text;\nnot a model;\n')).rejects.toBeInstanceOf(CorruptFileError);
  });
});

describe('STEP reading', () => {
  it('splits statements on ; outside strings and comments, across chunk boundaries', async () => {
    async function* chunks() {
      yield "#1=A('x;";
      yield "y');/";
      yield '* c;o */#2=B(';
      yield '1);';
    }
    const statements: string[] = [];
    for await (const statement of readStepStatements(chunks())) statements.push(statement);

    expect(statements).toEqual(["#1=A('x;y')", '#2=B(1)']);
  });

  it('decodes the STEP string escapes', () => {
    expect(decodeStepString('Bl\\X2\\00E500F8\\X0\\b\\X\\E6r \\S\\i \\\\ \\PA\\x')).toBe('Blåøbær é \\ x');
    expect(decodeStepString('\\X4\\0001F3E0\\X0\\')).toBe('🏠');
  });

  it('parses nested lists, typed values, enumerations and doubled quotes', () => {
    expect(parseStepArguments("('It''s',#12,(1.5,-2.E-3),.T.,$,IFCLABEL('x'),*)")).toEqual([
      { kind: 'string', value: "It's" },
      { kind: 'ref', id: 12 },
      {
        kind: 'list',
        items: [
          { kind: 'number', value: 1.5 },
          { kind: 'number', value: -0.002 },
        ],
      },
      { kind: 'enum', value: 'T' },
      { kind: 'null' },
      { kind: 'typed', type: 'IFCLABEL', args: [{ kind: 'string', value: 'x' }] },
      { kind: 'null' },
    ]);
  });
});
