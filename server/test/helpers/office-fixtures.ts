/**
 * Builders for the zip-based fixtures the extractor tests need (docx, pptx, hostile zips) and for Outlook .msg files.
 * The zip writer is hand-made on purpose: the unzip tests need names in raw code-page bytes, lying flags, symlink
 * modes and Info-ZIP extra fields that no friendly zip library lets you write.
 */
import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';
import { burn, type Entry as CfbEntry } from '@kenjiuno/msgreader/lib/Burner.js';
import { TypeEnum } from '@kenjiuno/msgreader/lib/Reader.js';
import type { ExtractorInput, FileKind } from '../../src/domain/pipeline/extraction.types.js';

export interface ZipFixtureEntry {
  /** a string is written as UTF-8; a Buffer is written byte for byte (for code-page names) */
  name: string | Buffer;
  data?: Buffer | string;
  method?: 'store' | 'deflate';
  /** general purpose bit 11; defaults to true for string names */
  utf8Flag?: boolean;
  extraFields?: { id: number; data: Buffer }[];
  /** unix st_mode to put in the external attributes (0o120777 makes a symlink) */
  unixMode?: number;
  /** already deflated data, so a 200 MB bomb never has to exist uncompressed in memory */
  precompressed?: { data: Buffer; crc32: number; uncompressedSize: number };
  /** write this uncompressed size in the headers instead of the true one (a lying archive) */
  declaredUncompressedSize?: number;
}

export function buildZip(entries: readonly ZipFixtureEntry[]): Buffer {
  const localParts: Buffer[] = [];
  const centralParts: Buffer[] = [];
  let offset = 0;

  for (const entry of entries) {
    const nameBytes = typeof entry.name === 'string' ? Buffer.from(entry.name, 'utf8') : entry.name;
    const utf8Flag = entry.utf8Flag ?? typeof entry.name === 'string';
    const extra = Buffer.concat(
      (entry.extraFields ?? []).map((field) => {
        const header = Buffer.alloc(4);
        header.writeUInt16LE(field.id, 0);
        header.writeUInt16LE(field.data.length, 2);
        return Buffer.concat([header, field.data]);
      }),
    );

    let method: number;
    let compressed: Buffer;
    let checksum: number;
    let uncompressedSize: number;
    if (entry.precompressed) {
      method = 8;
      compressed = entry.precompressed.data;
      checksum = entry.precompressed.crc32;
      uncompressedSize = entry.precompressed.uncompressedSize;
    } else {
      const raw = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : (entry.data ?? Buffer.alloc(0));
      method = entry.method === 'store' ? 0 : 8;
      compressed = method === 8 ? deflateRawSync(raw) : raw;
      checksum = crc32(raw);
      uncompressedSize = raw.length;
    }
    const flags = utf8Flag ? 0x800 : 0;
    uncompressedSize = entry.declaredUncompressedSize ?? uncompressedSize;

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(checksum >>> 0, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(uncompressedSize, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(extra.length, 28);
    localParts.push(local, nameBytes, extra, compressed);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    // "version made by": high byte 3 = unix, so the external attributes carry a unix mode.
    central.writeUInt16LE(entry.unixMode === undefined ? 20 : (3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(checksum >>> 0, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(uncompressedSize, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt16LE(extra.length, 30);
    central.writeUInt16LE(0, 32);
    central.writeUInt16LE(0, 34);
    central.writeUInt16LE(0, 36);
    central.writeUInt32LE(entry.unixMode === undefined ? 0 : (entry.unixMode << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centralParts.push(central, nameBytes, extra);

    offset += local.length + nameBytes.length + extra.length + compressed.length;
  }

  const centralDirectory = Buffer.concat(centralParts);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralDirectory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...localParts, centralDirectory, end]);
}

/** `size` zero bytes deflated chunk by chunk: the compressed stream of a classic zip bomb, in well under a second. */
export async function deflateZeros(size: number): Promise<{ data: Buffer; crc32: number; uncompressedSize: number }> {
  const chunk = Buffer.alloc(1024 * 1024);
  const deflate = createDeflateRaw({ level: 1 });
  const out: Buffer[] = [];
  deflate.on('data', (data: Buffer) => out.push(data));
  const finished = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  let checksum = 0;
  for (let written = 0; written < size; written += chunk.length) {
    const piece = chunk.subarray(0, Math.min(chunk.length, size - written));
    checksum = crc32(piece, checksum);
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await finished;
  return { data: Buffer.concat(out), crc32: checksum, uncompressedSize: size };
}

/** Info-ZIP Unicode Path extra field (0x7075) for a raw header name. */
export function unicodePathExtraField(rawName: Buffer, unicodeName: string): { id: number; data: Buffer } {
  const header = Buffer.alloc(5);
  header.writeUInt8(1, 0);
  header.writeUInt32LE(crc32(rawName) >>> 0, 1);
  return { id: 0x7075, data: Buffer.concat([header, Buffer.from(unicodeName, 'utf8')]) };
}

const xmlEscape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function coreXml(core: { title?: string; creator?: string; created?: string } = {}): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ' +
    'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    (core.title === undefined ? '' : `<dc:title>${xmlEscape(core.title)}</dc:title>`) +
    (core.creator === undefined ? '' : `<dc:creator>${xmlEscape(core.creator)}</dc:creator>`) +
    (core.created === undefined ? '' : `<dcterms:created xsi:type="dcterms:W3CDTF">${core.created}</dcterms:created>`) +
    '</cp:coreProperties>'
  );
}

const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/** One Word paragraph; `style` is a paragraph style id from the styles part. */
export function wordParagraph(text: string, options: { style?: string } = {}): string {
  const properties = options.style === undefined ? '' : `<w:pPr><w:pStyle w:val="${options.style}"/></w:pPr>`;
  return `<w:p>${properties}<w:r><w:t xml:space="preserve">${xmlEscape(text)}</w:t></w:r></w:p>`;
}

export const wordPageBreak = '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';

/**
 * A minimal valid .docx. `bodyXml` is the inside of `<w:body>`. The styles part maps the Norwegian style id
 * `Overskrift1` to the built-in name "heading 1", as Norwegian Word does.
 */
export function buildDocx(input: {
  bodyXml: string;
  core?: { title?: string; creator?: string; created?: string };
}): Buffer {
  const contentTypes =
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
    '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>' +
    '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
    '</Types>';
  const rootRels =
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
    '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
    '</Relationships>';
  const documentRels =
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
    '</Relationships>';
  const styles =
    `<?xml version="1.0" encoding="UTF-8"?><w:styles xmlns:w="${W_NS}">` +
    '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>' +
    '<w:style w:type="paragraph" w:styleId="Overskrift1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/></w:style>' +
    '<w:style w:type="paragraph" w:styleId="Overskrift2"><w:name w:val="heading 2"/><w:basedOn w:val="Normal"/></w:style>' +
    '</w:styles>';
  const document =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W_NS}" ` +
    'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" ' +
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    `<w:body>${input.bodyXml}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:body></w:document>`;
  return buildZip([
    { name: '[Content_Types].xml', data: contentTypes },
    { name: '_rels/.rels', data: rootRels },
    { name: 'word/document.xml', data: document },
    { name: 'word/_rels/document.xml.rels', data: documentRels },
    { name: 'word/styles.xml', data: styles },
    { name: 'docProps/core.xml', data: coreXml(input.core) },
  ]);
}

export interface SlideFixture {
  title?: string;
  lines: string[];
  notes?: string;
}

/**
 * A minimal .pptx. Slide files are numbered in reverse of their presentation order on purpose, so a reader that
 * goes by file name instead of ppt/presentation.xml gets the order wrong.
 */
export function buildPptx(input: { slides: SlideFixture[]; core?: { title?: string; creator?: string } }): Buffer {
  const ns =
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
    'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
  const relsNs = 'xmlns="http://schemas.openxmlformats.org/package/2006/relationships"';
  const shape = (placeholder: string | undefined, paragraphs: string[]): string =>
    '<p:sp><p:nvSpPr><p:cNvPr id="2" name="Shape"/><p:cNvSpPr/><p:nvPr>' +
    (placeholder === undefined ? '' : `<p:ph type="${placeholder}"/>`) +
    '</p:nvPr></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/>' +
    paragraphs.map((text) => `<a:p><a:r><a:rPr lang="nb-NO"/><a:t>${xmlEscape(text)}</a:t></a:r></a:p>`).join('') +
    '</p:txBody></p:sp>';

  const count = input.slides.length;
  const files: ZipFixtureEntry[] = [
    {
      name: '_rels/.rels',
      data:
        `<?xml version="1.0" encoding="UTF-8"?><Relationships ${relsNs}>` +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="ppt/presentation.xml"/>' +
        '</Relationships>',
    },
    { name: 'docProps/core.xml', data: coreXml(input.core) },
  ];
  const sldIds: string[] = [];
  const presentationRels: string[] = [];
  input.slides.forEach((slide, index) => {
    const fileNumber = count - index;
    const relId = `rId${index + 10}`;
    sldIds.push(`<p:sldId id="${256 + index}" r:id="${relId}"/>`);
    presentationRels.push(
      `<Relationship Id="${relId}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide" Target="slides/slide${fileNumber}.xml"/>`,
    );
    const shapes = (slide.title === undefined ? '' : shape('title', [slide.title])) + shape(undefined, slide.lines);
    files.push({
      name: `ppt/slides/slide${fileNumber}.xml`,
      data: `<?xml version="1.0" encoding="UTF-8"?><p:sld ${ns}><p:cSld><p:spTree>${shapes}</p:spTree></p:cSld></p:sld>`,
    });
    if (slide.notes !== undefined) {
      files.push({
        name: `ppt/slides/_rels/slide${fileNumber}.xml.rels`,
        data:
          `<?xml version="1.0" encoding="UTF-8"?><Relationships ${relsNs}>` +
          `<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/notesSlide" Target="../notesSlides/notesSlide${fileNumber}.xml"/>` +
          '</Relationships>',
      });
      files.push({
        name: `ppt/notesSlides/notesSlide${fileNumber}.xml`,
        data:
          `<?xml version="1.0" encoding="UTF-8"?><p:notes ${ns}><p:cSld><p:spTree>` +
          shape('sldImg', []) +
          shape('body', [slide.notes]) +
          shape('sldNum', [String(index + 1)]) +
          '</p:spTree></p:cSld></p:notes>',
      });
    }
  });
  files.push(
    {
      name: 'ppt/presentation.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><p:presentation ${ns}><p:sldIdLst>${sldIds.join('')}</p:sldIdLst></p:presentation>`,
    },
    {
      name: 'ppt/_rels/presentation.xml.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships ${relsNs}>${presentationRels.join('')}</Relationships>`,
    },
  );
  return buildZip(files);
}

const utf16 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'utf16le'));

/** A property stream entry (MS-OXMSG 2.4.2): tag, flags, 8 value bytes. */
function propertyEntry(tag: number, value: Buffer): Buffer {
  const entry = Buffer.alloc(16);
  entry.writeUInt32LE(tag >>> 0, 0);
  entry.writeUInt32LE(0x6, 4);
  value.copy(entry, 8, 0, 8);
  return entry;
}

function fileTime(date: Date): Buffer {
  const ticks = (BigInt(date.getTime()) + 11_644_473_600_000n) * 10_000n;
  const value = Buffer.alloc(8);
  value.writeBigUInt64LE(ticks, 0);
  return value;
}

/** A small Outlook .msg (compound file) with subject, sender, one recipient, body, date and one attachment. */
export function buildMsg(input: {
  subject: string;
  senderName: string;
  senderEmail: string;
  to: { name: string; email: string };
  body: string;
  sentAt: Date;
  attachmentName: string;
  /**
   * an older Outlook's 8-bit strings: subject and body in this Windows code page (PT_STRING8, bytes encoded with
   * `encode`), with PidTagMessageCodepage saying which, unless `declared` is false
   */
  ansi?: { codepage: number; encode: (text: string) => Uint8Array; declared?: boolean };
}): Buffer {
  const entries: CfbEntry[] = [];
  const add = (entry: CfbEntry): number => entries.push(entry) - 1;
  const stream = (name: string, data: Uint8Array): number =>
    add({ name, type: TypeEnum.DOCUMENT, length: data.length, binaryProvider: () => data });

  add({ name: 'Root Entry', type: TypeEnum.ROOT, length: 0, children: [] });
  const rootChildren: number[] = [];
  const ansi = input.ansi;
  if (ansi) rootChildren.push(stream('__substg1.0_0037001E', ansi.encode(input.subject)));
  else rootChildren.push(stream('__substg1.0_0037001F', utf16(input.subject)));
  rootChildren.push(stream('__substg1.0_0C1A001F', utf16(input.senderName)));
  rootChildren.push(stream('__substg1.0_5D01001F', utf16(input.senderEmail)));
  if (ansi) rootChildren.push(stream('__substg1.0_1000001E', ansi.encode(input.body)));
  else rootChildren.push(stream('__substg1.0_1000001F', utf16(input.body)));
  rootChildren.push(stream('__substg1.0_001A001F', utf16('IPM.Note')));
  const codepage = Buffer.alloc(8);
  codepage.writeUInt32LE(ansi?.codepage ?? 0, 0);
  const rootProperties = Buffer.concat([
    Buffer.alloc(32),
    propertyEntry(0x00390040, fileTime(input.sentAt)),
    ...(ansi && ansi.declared !== false ? [propertyEntry(0x3ffd0003, codepage)] : []),
  ]);
  rootProperties.writeUInt32LE(1, 16);
  rootProperties.writeUInt32LE(1, 20);
  rootChildren.push(stream('__properties_version1.0', new Uint8Array(rootProperties)));

  const recipientChildren = [
    stream('__substg1.0_3001001F', utf16(input.to.name)),
    stream('__substg1.0_39FE001F', utf16(input.to.email)),
    stream(
      '__properties_version1.0',
      new Uint8Array(
        Buffer.concat([Buffer.alloc(8), propertyEntry(0x0c150003, Buffer.from([1, 0, 0, 0, 0, 0, 0, 0]))]),
      ),
    ),
  ];
  rootChildren.push(
    add({ name: '__recip_version1.0_#00000000', type: TypeEnum.DIRECTORY, length: 0, children: recipientChildren }),
  );

  const attachmentData = new Uint8Array(Buffer.from('%PDF-1.4 not really'));
  const attachmentChildren = [
    stream('__substg1.0_3707001F', utf16(input.attachmentName)),
    stream('__substg1.0_37010102', attachmentData),
    stream('__properties_version1.0', new Uint8Array(Buffer.alloc(8))),
  ];
  rootChildren.push(
    add({ name: '__attach_version1.0_#00000000', type: TypeEnum.DIRECTORY, length: 0, children: attachmentChildren }),
  );

  const root = entries[0]!;
  root.children = rootChildren;
  return Buffer.from(burn(entries));
}

/**
 * A password-protected .docx/.xlsx/.pptx as Office saves one (MS-OFFCRYPTO): a compound file holding EncryptionInfo
 * and the encrypted package (here bytes that decrypt to nothing, which no reader can tell without the password).
 */
export function buildEncryptedOffice(): Buffer {
  const info = new Uint8Array(Buffer.concat([Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0]), Buffer.from('<encryption/>')]));
  const encrypted = new Uint8Array(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256));
  const entries: CfbEntry[] = [
    { name: 'Root Entry', type: TypeEnum.ROOT, length: 0, children: [1, 2] },
    { name: 'EncryptionInfo', type: TypeEnum.DOCUMENT, length: info.length, binaryProvider: () => info },
    { name: 'EncryptedPackage', type: TypeEnum.DOCUMENT, length: encrypted.length, binaryProvider: () => encrypted },
  ];
  return Buffer.from(burn(entries));
}

/** A compound file with these streams (each a few bytes): enough to be known by its stream names. */
export function buildCompoundFile(streams: readonly string[]): Buffer {
  const data = new Uint8Array(Buffer.from('byggdok test stream'));
  const entries: CfbEntry[] = [
    { name: 'Root Entry', type: TypeEnum.ROOT, length: 0, children: streams.map((_, i) => i + 1) },
    ...streams.map((name) => ({ name, type: TypeEnum.DOCUMENT, length: data.length, binaryProvider: () => data })),
  ];
  return Buffer.from(burn(entries));
}

/** What the pipeline hands an extractor for a file at `filePath`. */
export function extractorInput(filePath: string, kind: FileKind, extension: string = kind): ExtractorInput {
  return {
    path: filePath,
    filename: `fixture.${extension}`,
    detected: { kind, mime: 'application/octet-stream', extension, extensionMismatch: false },
  };
}
