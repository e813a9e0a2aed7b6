/**
 * E-mail: .eml (MIME, via mailparser) and Outlook .msg (compound file, via @kenjiuno/msgreader), rendered the same
 * way: the headers a person looks for first (From, To, Cc, Date, Subject), a blank line, the body text, and the
 * attachment names. Attachments themselves are not extracted here.
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import msgReaderModule, { type FieldsData } from '@kenjiuno/msgreader';
import iconv from 'iconv-lite';
import mailparser from 'mailparser';
import { CorruptFileError, type Extraction, type ExtractorInput } from '../../domain/pipeline/extraction.types.js';
import { tidyText } from './tidy-text.js';

export async function extractEmail(input: ExtractorInput): Promise<Extraction> {
  const isMsg = input.detected.kind === 'msg' || input.detected.extension === 'msg';
  return isMsg ? extractMsg(input) : extractEml(input);
}

interface EmailParts {
  from?: string;
  to?: string;
  cc?: string;
  date?: Date;
  subject?: string;
  body: string;
  attachments: string[];
}

function renderEmail(mail: EmailParts): Extraction {
  const header = [
    mail.from ? `From: ${mail.from}` : undefined,
    mail.to ? `To: ${mail.to}` : undefined,
    mail.cc ? `Cc: ${mail.cc}` : undefined,
    mail.date ? `Date: ${mail.date.toISOString()}` : undefined,
    mail.subject ? `Subject: ${mail.subject}` : undefined,
  ].filter((line): line is string => line !== undefined);
  const sections = [header.join('\n'), tidyText(mail.body)];
  if (mail.attachments.length > 0) sections.push(`Attachments: ${mail.attachments.join(', ')}`);
  const subject = mail.subject?.trim();
  return {
    pages: [{ pageNumber: 1, text: sections.filter((section) => section !== '').join('\n\n') }],
    ...(subject ? { title: subject } : {}),
    metadata: {
      ...(mail.from ? { author: mail.from } : {}),
      ...(mail.date ? { createdAt: mail.date.toISOString() } : {}),
      ...(subject ? { subject } : {}),
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// .eml

async function extractEml(input: ExtractorInput): Promise<Extraction> {
  let parsed: mailparser.ParsedMail;
  try {
    parsed = await mailparser.simpleParser(createReadStream(input.path), {
      skipTextToHtml: true,
      skipImageLinks: true,
      skipTextLinks: true,
    });
  } catch (error) {
    throw new CorruptFileError('e-mail cannot be parsed', { cause: error });
  }
  // mailparser reads anything as a message body; a "mail" without a single envelope header is not an e-mail.
  if (!parsed.from && !parsed.to && !parsed.subject && !parsed.date && !parsed.headers.has('message-id')) {
    throw new CorruptFileError('not an e-mail: no From, To, Subject or Date header');
  }
  const html = typeof parsed.html === 'string' ? parsed.html : '';
  return renderEmail({
    ...withAddresses('from', parsed.from),
    ...withAddresses('to', parsed.to),
    ...withAddresses('cc', parsed.cc),
    ...(parsed.date && !Number.isNaN(parsed.date.getTime()) ? { date: parsed.date } : {}),
    ...(parsed.subject ? { subject: parsed.subject } : {}),
    body: parsed.text ?? htmlToText(html),
    attachments: parsed.attachments.map((attachment, index) => attachment.filename ?? `attachment ${index + 1}`),
  });
}

/** `Name <address>` without the quotes mailparser's `.text` adds, the same way as for .msg; groups flattened. */
function withAddresses<K extends 'from' | 'to' | 'cc'>(
  key: K,
  value: mailparser.AddressObject | mailparser.AddressObject[] | undefined,
): Partial<Record<K, string>> {
  if (!value) return {};
  const flatten = (addresses: mailparser.EmailAddress[]): mailparser.EmailAddress[] =>
    addresses.flatMap((address) => (address.group ? flatten(address.group) : [address]));
  const text = (Array.isArray(value) ? value : [value])
    .flatMap((object) => flatten(object.value))
    .map((address) => formatAddress(address.name, address.address))
    .filter(Boolean)
    .join(', ');
  return text ? ({ [key]: text } as Record<K, string>) : {};
}

// ---------------------------------------------------------------------------------------------------------------
// .msg

interface MsgReaderInstance {
  getFileData(): FieldsData;
  parserConfig?: { ansiEncoding?: string };
}
type MsgReaderConstructor = new (data: ArrayBuffer | DataView) => MsgReaderInstance;

/**
 * msgreader is CommonJS with `exports.default`; under Node's ESM loader the default import is the whole
 * `module.exports`, so the class sits on `.default` (its typings say the same), while a bundler would hand us the
 * class itself. Accept both.
 */
function msgReaderClass(): MsgReaderConstructor {
  const candidate: unknown = msgReaderModule;
  if (typeof candidate === 'function') return candidate as MsgReaderConstructor;
  const nested = (candidate as { default?: unknown }).default;
  if (typeof nested === 'function') return nested as MsgReaderConstructor;
  throw new Error('@kenjiuno/msgreader did not load as expected');
}

async function extractMsg(input: ExtractorInput): Promise<Extraction> {
  const data = await readFile(input.path);
  let fields: FieldsData;
  try {
    fields = readMsg(data, WESTERN);
    // 8-bit strings (older Outlook, PT_STRING8) are in the message's Windows code page: read again when that is not
    // the Western one (Norwegian and English Outlook), which is what the first reading assumed
    const ansiEncoding = ansiEncodingOf(fields.messageCodepage ?? fields.internetCodepage);
    if (ansiEncoding !== WESTERN) fields = readMsg(data, ansiEncoding);
  } catch (error) {
    throw new CorruptFileError('Outlook message cannot be parsed', { cause: error });
  }
  if (fields.error || fields.dataType !== 'msg') {
    throw new CorruptFileError(`not an Outlook message: ${fields.error ?? 'unknown structure'}`);
  }

  const recipients = fields.recipients ?? [];
  const listOf = (type: 'to' | 'cc'): string =>
    recipients
      .filter((recipient) => (recipient.recipType ?? 'to') === type)
      .map((recipient) => formatAddress(recipient.name, recipient.smtpAddress ?? recipient.email))
      .filter(Boolean)
      .join(', ');
  const senderAddress = fields.senderSmtpAddress ?? fields.sentRepresentingSmtpAddress ?? fields.senderEmail;
  const from = formatAddress(fields.senderName, senderAddress);
  const dateText = fields.clientSubmitTime ?? fields.messageDeliveryTime ?? fields.creationTime;
  const date = dateText ? new Date(dateText) : undefined;
  const to = listOf('to');
  const cc = listOf('cc');

  return renderEmail({
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(cc ? { cc } : {}),
    ...(date && !Number.isNaN(date.getTime()) ? { date } : {}),
    ...(fields.subject ? { subject: fields.subject } : {}),
    body: fields.body ?? htmlToText(fields.bodyHtml ?? ''),
    attachments: (fields.attachments ?? []).map(
      (attachment, index) =>
        attachment.fileName ??
        attachment.fileNameShort ??
        (attachment.innerMsgContent
          ? `${attachment.name ?? 'message'}.msg`
          : (attachment.name ?? `attachment ${index + 1}`)),
    ),
  });
}

const WESTERN = 'windows-1252';

function readMsg(data: Buffer, ansiEncoding: string): FieldsData {
  const Reader = msgReaderClass();
  const reader = new Reader(new DataView(data.buffer, data.byteOffset, data.byteLength));
  reader.parserConfig = { ansiEncoding };
  return reader.getFileData();
}

/**
 * The encoding of a message's 8-bit strings: its declared Windows code page (1251 Cyrillic, 936 Chinese, 1252
 * Western ...) when iconv-lite knows it, else windows-1252, the code page of Norwegian and English Outlook.
 */
function ansiEncodingOf(codepage: number | undefined): string {
  // 1200 and 65001 are Unicode: such a message has no 8-bit strings to decode
  if (codepage && codepage !== 1252 && codepage !== 1200 && codepage !== 65001 && iconv.encodingExists(`cp${codepage}`))
    return `cp${codepage}`;
  return WESTERN;
}

function formatAddress(name: string | undefined, address: string | undefined): string {
  const cleanName = name?.trim();
  const cleanAddress = address?.trim();
  if (cleanName && cleanAddress && cleanName !== cleanAddress) return `${cleanName} <${cleanAddress}>`;
  return cleanName || cleanAddress || '';
}

// ---------------------------------------------------------------------------------------------------------------

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  aelig: 'æ',
  oslash: 'ø',
  aring: 'å',
  AElig: 'Æ',
  Oslash: 'Ø',
  Aring: 'Å',
};

/** Enough HTML-to-text for a mail body that has no plain-text part: block ends become line breaks, tags go. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style|head)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|tr|h[1-6]|table|blockquote)>/gi, '\n')
    .replace(/<(td|th)[^>]*>/gi, '\t')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
      if (!entity.startsWith('#')) return ENTITIES[entity] ?? ENTITIES[entity.toLowerCase()] ?? match;
      const hex = entity[1] === 'x' || entity[1] === 'X';
      const code = hex ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    });
}
