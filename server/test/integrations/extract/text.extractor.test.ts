import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { DetectedType, FileKind } from '../../../src/domain/pipeline/extraction.types.js';
import { decodeText, extractText } from '../../../src/integrations/extract/text.extractor.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'byggdok-text-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function extract(params: { filename: string; bytes: Buffer | string; kind: FileKind; mime: string }) {
  const filePath = path.join(dir, params.filename);
  await writeFile(filePath, params.bytes);
  const detected: DetectedType = {
    kind: params.kind,
    mime: params.mime,
    extension: path.extname(params.filename).slice(1),
    extensionMismatch: false,
  };
  return extractText({ path: filePath, filename: params.filename, detected });
}

describe('extractText', () => {
  it('reads UTF-8 with a byte order mark without showing the mark', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Våtrom og kjøkken\nØvrig: ærlig')]);
    const result = await extract({ filename: 'notat.txt', bytes, kind: 'text', mime: 'text/plain' });

    expect(result.pages).toEqual([{ pageNumber: 1, text: 'Våtrom og kjøkken\nØvrig: ærlig' }]);
    expect(result.title).toBe('Våtrom og kjøkken');
  });

  it('reads a windows-1252 file from an old Norwegian PC with æ, ø and å intact', async () => {
    const bytes = Buffer.from('Bærende vegger på loft – søknad\r\nSide 2', 'latin1');
    bytes[bytes.indexOf(Buffer.from('–', 'latin1'))] = 0x96; // windows-1252 en dash
    const result = await extract({ filename: 'gammel.txt', bytes, kind: 'text', mime: 'text/plain' });

    expect(result.pages[0]!.text).toBe('Bærende vegger på loft – søknad\nSide 2');
  });

  it('reads UTF-16 text saved by Windows Notepad', async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Brannalarm testet', 'utf16le')]);
    const result = await extract({ filename: 'logg.txt', bytes, kind: 'text', mime: 'text/plain' });

    expect(result.pages[0]!.text).toBe('Brannalarm testet');
  });

  it('reads a title from front matter, and never takes front matter settings for a heading', async () => {
    const titled = '---\nlayout: page\ntitle: "Brannstrategi for Nye Bryggen"\n---\n\n# Innledning\n';
    const first = await extract({ filename: 'brann.md', bytes: titled, kind: 'text', mime: 'text/markdown' });
    expect(first.title).toBe('Brannstrategi for Nye Bryggen');
    // settings only (these made "menubar: none" a setext heading): the first real heading is the title
    const settings = '---\nref: building-files\nmenubar: none\n---\n\nFDV for ventilasjon\n===\n\nTekst.';
    const second = await extract({ filename: 'fdv.md', bytes: settings, kind: 'text', mime: 'text/markdown' });
    expect(second.title).toBe('FDV for ventilasjon');
    const bare = '---\nref: building-files\n---\nDriftsinstruks for varmepumpe\n\nSkift filter hver måned.';
    expect((await extract({ filename: 'x.md', bytes: bare, kind: 'text', mime: 'text/markdown' })).title).not.toMatch(
      /ref|---/,
    );
  });

  it('takes the first Markdown heading as the title and keeps the text as written', async () => {
    const markdown = 'Intro uten overskrift\n\n```\n# ikke en tittel\n```\n\n# Vedlikeholdsplan\n\n- Maling av fasade';
    const result = await extract({ filename: 'plan.md', bytes: markdown, kind: 'text', mime: 'text/markdown' });

    expect(result.title).toBe('Vedlikeholdsplan');
    expect(result.pages[0]!.text).toBe(markdown);
  });

  it('keeps a CSV file as text without inventing a title from the header row', async () => {
    const csv = 'Rom;Areal\nStue;32\nKjøkken;12\n';
    const result = await extract({ filename: 'rom.csv', bytes: csv, kind: 'csv', mime: 'text/csv' });

    expect(result.pages[0]!.text).toBe(csv);
    expect(result.title).toBeUndefined();
  });

  it('turns an HTML page into readable text: headings and paragraphs on their own lines, no scripts or styles', async () => {
    const html = `<!doctype html><html><head><title>Serviceavtale &ndash; heis</title>
      <style>p { color: red }</style><script>var x = "<p>skjult</p>";</script></head>
      <body><h1>Serviceavtale</h1><p>Heisen   skal
      kontrolleres hver <b>m&aring;ned</b> av sertifisert firma &amp; dokumenteres.</p>
      <!-- intern kommentar -->
      <table><tr><th>Dato</th><th>Utf&oslash;rt av</th></tr><tr><td>01.02.2024</td><td>Heis&#8209;Service AS</td></tr></table>
      <ul><li>Nødtelefon</li><li>Bremser</li></ul></body></html>`;
    const result = await extract({ filename: 'avtale.html', bytes: html, kind: 'html', mime: 'text/html' });
    const text = result.pages[0]!.text;

    expect(result.title).toBe('Serviceavtale – heis');
    expect(text).toContain('Serviceavtale\n\nHeisen skal kontrolleres hver måned av sertifisert firma & dokumenteres.');
    expect(text).toContain('Dato\tUtført av\n01.02.2024\tHeis\u2011Service AS');
    expect(text).toContain('Nødtelefon\nBremser');
    expect(text).not.toMatch(/skjult|color|intern kommentar|</);
  });

  it('looks for the end of unclosed <script> tags once, not once for each of 10,000 of them', async () => {
    // each unclosed tag used to search the rest of the file for its end: quadratic (100,000 of them, 1 MB, took 35 s)
    const html = `<p>Brannalarmanlegg kontrollert</p>${'<script>x '.repeat(10_000)}`;
    const exec = vi.spyOn(RegExp.prototype, 'exec');
    try {
      const result = await extract({ filename: 'mange.html', bytes: html, kind: 'html', mime: 'text/html' });
      expect(result.pages[0]!.text).toContain('Brannalarmanlegg kontrollert');
      const searchesForTheEnd = exec.mock.contexts.filter((regexp) =>
        (regexp as RegExp).source.startsWith('<\\/script'),
      );
      expect(searchesForTheEnd).toHaveLength(1);
    } finally {
      exec.mockRestore();
    }
  });

  it('uses the first HTML heading when the page has no <title>', async () => {
    const html = '<body><div><h2>Sluttrapport <small>rev. B</small></h2><p>Tekst</p></div></body>';
    const result = await extract({ filename: 'r.htm', bytes: html, kind: 'html', mime: 'text/html' });

    expect(result.title).toBe('Sluttrapport rev. B');
  });

  it('reads an HTML page saved in latin1 as its meta tag says', async () => {
    const bytes = Buffer.from(
      '<html><head><meta charset="iso-8859-1"></head><body><p>Rørlegger</p></body></html>',
      'latin1',
    );
    const result = await extract({ filename: 'side.html', bytes, kind: 'html', mime: 'text/html' });

    expect(result.pages[0]!.text).toBe('Rørlegger');
  });

  it('keeps only the text nodes of an XML file', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
      <!-- eksportert -->
      <bygning id="12"><navn>Storgata 5</navn><merknad><![CDATA[Fukt < 20 % & tørt]]></merknad>
      <rom areal="12">Bad &amp; vaskerom</rom></bygning>`;
    const result = await extract({ filename: 'bygg.xml', bytes: xml, kind: 'xml', mime: 'application/xml' });

    expect(result.pages[0]!.text).toBe('Storgata 5\nFukt < 20 % & tørt\nBad & vaskerom');
  });
});

describe('decodeText', () => {
  it('prefers UTF-8 when the bytes are valid UTF-8', () => {
    expect(decodeText(Buffer.from('Blåbær', 'utf8'))).toEqual({ text: 'Blåbær', encoding: 'utf-8' });
  });

  it('falls back to windows-1252 when the bytes are not UTF-8', () => {
    expect(decodeText(Buffer.from('Blåbær', 'latin1'))).toEqual({ text: 'Blåbær', encoding: 'windows-1252' });
  });
});
