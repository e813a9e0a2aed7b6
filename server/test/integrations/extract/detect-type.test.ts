import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { detectFileType } from '../../../src/integrations/extract/detect-type.js';
import { buildCompoundFile, buildEncryptedOffice, buildZip } from '../../helpers/office-fixtures.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'byggdok-detect-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function detect(filename: string, bytes: Buffer | string) {
  const filePath = path.join(dir, `${Math.random().toString(36).slice(2)}-${filename}`);
  await writeFile(filePath, bytes);
  return detectFileType({ path: filePath, filename });
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A stored (uncompressed) ZIP archive: enough for file-type to look at the entry names and [Content_Types].xml. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(content);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function ooxml(part: string, contentType: string): Buffer {
  return zip({
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${part}" ContentType="${contentType}"/></Types>`,
    [part]: '<?xml version="1.0"?><root/>',
  });
}

const DOCX_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

/** A one-directory-sector OLE compound file whose root holds the named streams. */
function compoundFile(streamNames: string[]): Buffer {
  const sector = 512;
  const header = Buffer.alloc(sector, 0);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c); // one FAT sector
  header.writeUInt32LE(1, 0x30); // directory starts in sector 1
  header.writeUInt32LE(0x1000, 0x38);
  header.writeUInt32LE(0xfffffffe, 0x3c);
  header.writeUInt32LE(0xfffffffe, 0x44);
  for (let i = 0; i < 109; i += 1) header.writeUInt32LE(i === 0 ? 0 : 0xffffffff, 0x4c + i * 4);
  const fat = Buffer.alloc(sector, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0); // sector 0 is the FAT itself
  fat.writeUInt32LE(0xfffffffe, 4); // the directory is one sector long
  const directory = Buffer.alloc(sector, 0);
  ['Root Entry', ...streamNames].slice(0, 4).forEach((name, index) => {
    const offset = index * 128;
    const encoded = Buffer.from(name, 'utf16le');
    encoded.copy(directory, offset);
    directory.writeUInt16LE(encoded.length + 2, offset + 0x40);
    directory[offset + 0x42] = index === 0 ? 5 : 2;
  });
  return Buffer.concat([header, fat, directory]);
}

async function pdfBytes(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage();
  return Buffer.from(await doc.save());
}

describe('detectFileType', () => {
  it('recognises a PDF by its content and reports the extension', async () => {
    expect(await detect('Tilstandsrapport.PDF', await pdfBytes())).toEqual({
      kind: 'pdf',
      mime: 'application/pdf',
      extension: 'pdf',
      extensionMismatch: false,
    });
  });

  it('calls random bytes named .pdf unknown and flags the mismatch', async () => {
    const detected = await detect('rapport.pdf', randomBytes(4096));
    expect(detected.kind).toBe('unknown');
    expect(detected.extensionMismatch).toBe(true);
  });

  it('trusts the content over a wrong extension', async () => {
    const detected = await detect('tegning.docx', await pdfBytes());
    expect(detected).toMatchObject({ kind: 'pdf', extension: 'docx', extensionMismatch: true });
  });

  it.each([
    ['notat.docx', 'word/document.xml', DOCX_MAIN, 'docx'],
    [
      'budsjett.xlsx',
      'xl/workbook.xml',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
      'xlsx',
    ],
    [
      'befaring.pptx',
      'ppt/presentation.xml',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml',
      'pptx',
    ],
  ])('tells the Office zip %s apart from a plain zip', async (filename, part, contentType, kind) => {
    expect(await detect(filename, ooxml(part, contentType))).toMatchObject({ kind, extensionMismatch: false });
  });

  it('sees a plain zip archive as zip, and a Word file named .zip as Word', async () => {
    expect(await detect('vedlegg.zip', zip({ 'a.txt': 'hei', 'b/c.txt': 'hallo' }))).toMatchObject({
      kind: 'zip',
      mime: 'application/zip',
      extensionMismatch: false,
    });
    expect(await detect('vedlegg.zip', ooxml('word/document.xml', DOCX_MAIN))).toMatchObject({
      kind: 'docx',
      extensionMismatch: true,
    });
  });

  it('recognises an Office file whose exporter left out [Content_Types].xml by its parts', async () => {
    const pptx = zip({ '_rels/.rels': '<Relationships/>', 'ppt/presentation.xml': '<p:presentation/>' });
    expect(await detect('møte.pptx', pptx)).toMatchObject({ kind: 'pptx', extensionMismatch: false });
    // a user's archive that merely contains a folder called "word" stays an archive
    expect(await detect('arkiv.zip', zip({ 'word/document.xml': '<x/>' }))).toMatchObject({ kind: 'zip' });
  });

  it('reads the compound-file directory to tell Word, Excel and Outlook files apart', async () => {
    expect(await detect('gammel.doc', compoundFile(['WordDocument', '1Table']))).toMatchObject({
      kind: 'doc',
      mime: 'application/msword',
      extensionMismatch: false,
    });
    expect(await detect('gammel.xls', compoundFile(['Workbook']))).toMatchObject({ kind: 'xls' });
    expect(await detect('epost.msg', compoundFile(['__properties_version1.0', '__substg1.0_0037001F']))).toMatchObject({
      kind: 'msg',
      mime: 'application/vnd.ms-outlook',
    });
    // renamed: the content decides
    expect(await detect('epost.doc', compoundFile(['__substg1.0_0037001F']))).toMatchObject({
      kind: 'msg',
      extensionMismatch: true,
    });
  });

  it('falls back to the extension for a compound file with unfamiliar streams', async () => {
    expect(await detect('ukjent.xls', compoundFile(['Something']))).toMatchObject({ kind: 'xls' });
    expect(await detect('ukjent.bin', compoundFile(['Something']))).toMatchObject({ kind: 'unknown' });
  });

  it('recognises an AutoCAD drawing by its AC10xx header', async () => {
    const dwg = Buffer.concat([Buffer.from('AC1027'), Buffer.alloc(200)]);
    expect(await detect('plan.dwg', dwg)).toMatchObject({ kind: 'dwg', extensionMismatch: false });
  });

  it('recognises a DXF drawing by its SECTION/HEADER groups, even with comments and CRLF', async () => {
    const dxf =
      '999\r\nlaget av CAD\r\n  0\r\nSECTION\r\n  2\r\nHEADER\r\n  9\r\n$ACADVER\r\n  1\r\nAC1015\r\n  0\r\nENDSEC\r\n';
    expect(await detect('fasade.dxf', dxf)).toMatchObject({ kind: 'dxf', extensionMismatch: false });
    expect(await detect('fasade.txt', dxf)).toMatchObject({ kind: 'dxf', extensionMismatch: true });
  });

  it('recognises an IFC model and not any other STEP file', async () => {
    const ifc =
      "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION(('ViewDefinition [CoordinationView]'),'2;1');\nFILE_SCHEMA(('IFC4'));\nENDSEC;\n";
    expect(await detect('modell.ifc', ifc)).toMatchObject({ kind: 'ifc', extensionMismatch: false });
    const step = "ISO-10303-21;\nHEADER;\nFILE_SCHEMA(('AUTOMOTIVE_DESIGN'));\nENDSEC;\n";
    expect(await detect('del.ifc', step)).toMatchObject({ kind: 'unknown', extensionMismatch: true });
  });

  it('recognises an e-mail by its headers even without the .eml extension', async () => {
    const eml =
      'Return-Path: <ola@example.no>\r\nReceived: from mx\r\n\tby mx2\r\nFrom: Ola <ola@example.no>\r\nTo: kari@example.no\r\nSubject: Befaring\r\nDate: Mon, 4 Mar 2024 10:00:00 +0100\r\nMIME-Version: 1.0\r\n\r\nHei!';
    expect(await detect('befaring.eml', eml)).toMatchObject({ kind: 'eml', mime: 'message/rfc822' });
    expect(await detect('befaring', eml)).toMatchObject({ kind: 'eml', extensionMismatch: false });
  });

  it('does not mistake a memo with a Subject line for an e-mail', async () => {
    expect(await detect('notat.txt', 'Subject: Møte\nTo be decided\n\nTekst')).toMatchObject({ kind: 'text' });
  });

  it('sorts the text formats by extension and content', async () => {
    expect(await detect('rom.csv', 'Rom;Areal\nStue;32\n')).toMatchObject({ kind: 'csv', mime: 'text/csv' });
    expect(await detect('README.md', '# Drift\n\nTekst')).toMatchObject({ kind: 'text', mime: 'text/markdown' });
    expect(await detect('logg.txt', Buffer.from('Bærende vegg', 'latin1'))).toMatchObject({
      kind: 'text',
      mime: 'text/plain',
    });
    expect(await detect('side.htm', '<!DOCTYPE html><html><body>Hei</body></html>')).toMatchObject({ kind: 'html' });
    expect(await detect('side', '<!-- lagret -->\n<html lang="no"><body>Hei</body></html>')).toMatchObject({
      kind: 'html',
      mime: 'text/html',
    });
    expect(await detect('eksport.xml', '<?xml version="1.0"?><bygg><rom/></bygg>')).toMatchObject({
      kind: 'xml',
      mime: 'application/xml',
    });
    expect(await detect('eksport.dat', '<?xml version="1.0"?><bygg/>')).toMatchObject({ kind: 'xml' });
    expect(await detect('ikon.svg', '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>')).toMatchObject({
      kind: 'xml',
      mime: 'image/svg+xml',
    });
    expect(await detect('UTEN_ENDELSE', 'Bare tekst')).toMatchObject({ kind: 'text', extension: '' });
  });

  it('treats an empty .txt as text and an empty .pdf as a mismatch', async () => {
    expect(await detect('tom.txt', '')).toMatchObject({ kind: 'text', extensionMismatch: false });
    expect(await detect('tom.pdf', '')).toMatchObject({ kind: 'unknown', extensionMismatch: true });
  });

  it('recognises image formats and notices a PNG named .jpg', async () => {
    const png = await readFile(path.join(import.meta.dirname, '../../fixtures/ocr-norwegian.png'));
    expect(await detect('skade.png', png)).toMatchObject({
      kind: 'image',
      mime: 'image/png',
      extensionMismatch: false,
    });
    expect(await detect('skade.jpg', png)).toMatchObject({ kind: 'image', mime: 'image/png', extensionMismatch: true });
    const jpeg = Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), Buffer.alloc(64)]);
    expect(await detect('foto.JPEG', jpeg)).toMatchObject({
      kind: 'image',
      mime: 'image/jpeg',
      extensionMismatch: false,
    });
    const tiff = Buffer.concat([Buffer.from('49492a0008000000', 'hex'), Buffer.alloc(64)]);
    expect(await detect('skann.tiff', tiff)).toMatchObject({
      kind: 'image',
      mime: 'image/tiff',
      extensionMismatch: false,
    });
    expect(await detect('anim.gif', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64)]))).toMatchObject({
      kind: 'image',
      mime: 'image/gif',
    });
  });

  it('recognises video and audio', async () => {
    const mp4 = Buffer.concat([Buffer.from('0000001866747970697336d00000000069736f6d', 'hex'), Buffer.alloc(64)]);
    mp4.write('isom', 8, 'latin1');
    expect(await detect('befaring.mp4', mp4)).toMatchObject({ kind: 'video' });
    const id3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0])]);
    const mp3 = Buffer.concat([id3, Buffer.from('fffb9064', 'hex'), Buffer.alloc(413)]);
    expect(await detect('notat.mp3', mp3)).toMatchObject({ kind: 'audio', mime: 'audio/mpeg' });
  });

  it('recognises MP3 audio behind leading zero bytes by two frames in a row, and not one lone frame header', async () => {
    // MPEG-1 Layer III, 128 kbit/s, 44.1 kHz: a frame of 417 bytes
    const frame = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0xc0]), Buffer.alloc(413, 0x55)]);
    const padded = Buffer.concat([Buffer.alloc(417), frame, frame, frame]);
    expect(await detect('opptak.mp3', padded)).toMatchObject({ kind: 'audio', mime: 'audio/mpeg' });
    expect(await detect('opptak.pdf', padded)).toMatchObject({ kind: 'audio', extensionMismatch: true });
    const lone = Buffer.concat([Buffer.alloc(417), frame.subarray(0, 4), Buffer.alloc(2000, 0x55)]);
    expect((await detect('opptak.mp3', lone)).kind).not.toBe('audio');
  });

  it('calls binary junk without a known extension unknown without claiming a mismatch', async () => {
    expect(await detect('data.bin', randomBytes(2048))).toMatchObject({
      kind: 'unknown',
      mime: 'application/octet-stream',
      extensionMismatch: false,
    });
  });

  it('knows a password-protected Office file by its encrypted package, and keeps the kind its name says', async () => {
    expect(await detect('Kostnadsoverslag.xlsx', buildEncryptedOffice())).toMatchObject({
      kind: 'xlsx',
      encrypted: true,
      extensionMismatch: false,
    });
    expect(await detect('Referat.docx', buildEncryptedOffice())).toMatchObject({ kind: 'docx', encrypted: true });
  });

  it('knows PowerPoint 97-2003, Visio and RTF files for what they are, so they are kept, not called invalid', async () => {
    expect(await detect('Byggemøte.ppt', buildCompoundFile(['PowerPoint Document', 'Current User']))).toMatchObject({
      kind: 'ppt',
      extensionMismatch: false,
    });
    expect(await detect('Skjema.vsd', buildCompoundFile(['VisioDocument']))).toMatchObject({ kind: 'vsd' });
    const vsdx = buildZip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: '_rels/.rels', data: '<Relationships/>' },
      { name: 'visio/document.xml', data: '<VisioDocument/>' },
    ]);
    expect(await detect('Prinsipp.vsdx', vsdx)).toMatchObject({ kind: 'vsdx', extensionMismatch: false });
    expect(await detect('Notat.rtf', '{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Times;}} Hei}')).toMatchObject({
      kind: 'rtf',
      extensionMismatch: false,
    });
  });
});
