import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CorruptFileError } from '../../../src/domain/pipeline/extraction.types.js';
import { extractEmail } from '../../../src/integrations/extract/email.extractor.js';
import { buildMsg, extractorInput } from '../../helpers/office-fixtures.js';

let workDir: string;

beforeEach(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'byggdok-mail-'));
});

afterEach(async () => {
  await rm(workDir, { recursive: true, force: true });
});

async function extract(content: Buffer | string, kind: 'eml' | 'msg') {
  const filePath = path.join(workDir, `mail.${kind}`);
  await writeFile(filePath, content);
  return extractEmail(extractorInput(filePath, kind));
}

const MULTIPART_EML = [
  'From: Kari Nordmann <kari@example.no>',
  'To: Ola Hansen <ola@example.no>, post@borettslag.example',
  'Cc: drift@example.no',
  'Subject: =?UTF-8?Q?Befaring_Storgata_5_=E2=80=93_avvik_p=C3=A5_tak?=',
  'Date: Fri, 01 Mar 2024 11:00:00 +0100',
  'Message-ID: <abc@example.no>',
  'MIME-Version: 1.0',
  'Content-Type: multipart/mixed; boundary="b1"',
  '',
  '--b1',
  'Content-Type: text/plain; charset=utf-8',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  'Hei,',
  '',
  'Vi fant lekkasje ved takluke i 5. etasje. Se vedlagt rapport og bilder=',
  ' fra befaringen.',
  '',
  'Hilsen Kari',
  '--b1',
  'Content-Type: application/pdf; name="Befaringsrapport_tak.pdf"',
  'Content-Disposition: attachment; filename="Befaringsrapport_tak.pdf"',
  'Content-Transfer-Encoding: base64',
  '',
  Buffer.from('%PDF-1.4 fixture').toString('base64'),
  '--b1--',
  '',
].join('\r\n');

describe('extractEmail, .eml', () => {
  it('puts From, To, Cc, Date and Subject first, then the body and the attachment names', async () => {
    const result = await extract(MULTIPART_EML, 'eml');

    expect(result.pages).toHaveLength(1);
    expect(result.pages[0]!.text).toBe(
      [
        'From: Kari Nordmann <kari@example.no>',
        'To: Ola Hansen <ola@example.no>, post@borettslag.example',
        'Cc: drift@example.no',
        'Date: 2024-03-01T10:00:00.000Z',
        'Subject: Befaring Storgata 5 – avvik på tak',
        '',
        'Hei,',
        '',
        'Vi fant lekkasje ved takluke i 5. etasje. Se vedlagt rapport og bilder fra befaringen.',
        '',
        'Hilsen Kari',
        '',
        'Attachments: Befaringsrapport_tak.pdf',
      ].join('\n'),
    );
    expect(result.title).toBe('Befaring Storgata 5 – avvik på tak');
    expect(result.metadata).toEqual({
      author: 'Kari Nordmann <kari@example.no>',
      createdAt: '2024-03-01T10:00:00.000Z',
      subject: 'Befaring Storgata 5 – avvik på tak',
    });
  });

  it('turns an HTML-only body into text', async () => {
    const eml = [
      'From: drift@example.no',
      'Subject: Varsel',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<html><body><p>Vannet stenges <b>tirsdag</b> kl. 09&ndash;12.</p><p>Mvh drift</p></body></html>',
    ].join('\r\n');

    const result = await extract(eml, 'eml');

    expect(result.pages[0]!.text).toContain('Vannet stenges tirsdag kl. 09–12.');
    expect(result.pages[0]!.text).toContain('Mvh drift');
    expect(result.pages[0]!.text).not.toContain('<p>');
  });

  it('reports binary garbage as corrupt', async () => {
    await expect(extract(randomBytes(2048), 'eml')).rejects.toBeInstanceOf(CorruptFileError);
  });
});

describe('extractEmail, .msg in a Windows code page', () => {
  const message = (ansi: { codepage: number; encoding: string; declared?: boolean }, subject: string, body: string) =>
    buildMsg({
      subject,
      senderName: 'Prosjektleder',
      senderEmail: 'pl@example.no',
      to: { name: 'Ola', email: 'ola@example.no' },
      body,
      sentAt: new Date('2024-06-03T08:15:00Z'),
      attachmentName: 'vedlegg.pdf',
      ansi: {
        codepage: ansi.codepage,
        encode: (text) => new Uint8Array(iconv.encode(text, ansi.encoding)),
        ...(ansi.declared === false ? { declared: false } : {}),
      },
    });

  it.each([
    [1251, 'cp1251', 'Протокол совещания', 'Замена фильтров в вентиляции.'],
    [936, 'gbk', '施工会议纪要', '通风系统的过滤器需要更换。'],
  ])('reads the subject and body of a message in code page %i', async (codepage, encoding, subject, body) => {
    const result = await extract(message({ codepage, encoding }, subject, body), 'msg');
    expect(result.title).toBe(subject);
    expect(result.pages[0]!.text).toContain(body);
  });

  it('reads Norwegian letters of a message that names no code page as windows-1252', async () => {
    const result = await extract(
      message(
        { codepage: 1252, encoding: 'windows-1252', declared: false },
        'Søknad om ferdigattest',
        'Vi ønsker å få ferdigattest – snarest.',
      ),
      'msg',
    );
    expect(result.title).toBe('Søknad om ferdigattest');
    expect(result.pages[0]!.text).toContain('Vi ønsker å få ferdigattest – snarest.');
  });
});

describe('extractEmail, .msg', () => {
  it('renders an Outlook message like an e-mail, with sender, recipient, date, subject, body and attachments', async () => {
    const msg = buildMsg({
      subject: 'Ferdigattest Storgata 5',
      senderName: 'Kommunen Byggesak',
      senderEmail: 'byggesak@kommune.example',
      to: { name: 'Ola Hansen', email: 'ola@example.no' },
      body: 'Ferdigattest er gitt.\r\nSe vedlegg.',
      sentAt: new Date('2024-06-03T08:15:00Z'),
      attachmentName: 'Ferdigattest_gnr12_bnr34.pdf',
    });

    const result = await extract(msg, 'msg');

    expect(result.pages).toEqual([
      {
        pageNumber: 1,
        text: [
          'From: Kommunen Byggesak <byggesak@kommune.example>',
          'To: Ola Hansen <ola@example.no>',
          'Date: 2024-06-03T08:15:00.000Z',
          'Subject: Ferdigattest Storgata 5',
          '',
          'Ferdigattest er gitt.',
          'Se vedlegg.',
          '',
          'Attachments: Ferdigattest_gnr12_bnr34.pdf',
        ].join('\n'),
      },
    ]);
    expect(result.title).toBe('Ferdigattest Storgata 5');
    expect(result.metadata.createdAt).toBe('2024-06-03T08:15:00.000Z');
  });

  it('reports a file that is not an Outlook message as corrupt', async () => {
    await expect(extract(randomBytes(4096), 'msg')).rejects.toBeInstanceOf(CorruptFileError);
  });
});
