import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { v5 as uuidv5 } from 'uuid';
import { BlobMeter, type BlobStore } from '../documents/blob-store.js';
import { jobAbortReason } from '../jobs/jobs.errors.js';
import { jobDone, jobFailed, jobSkipped, type JobOutcome } from '../jobs/jobs.js';
import {
  documentBlobKey,
  extensionOf,
  previewBlobKey,
  visibleName,
  type DocumentRecord,
} from '../documents/document.js';
import { chunkWithLanguages, deriveTitle } from './chunking.js';
import {
  CorruptFileError,
  EncryptedFileError,
  UnsupportedVersionError,
  ExtractionStoppedError,
  type DetectedType,
  type ExtractedPage,
  type Extraction,
} from './extraction.types.js';
import type { ChildDocument, ExtractionResult, FileTools, PipelineRepository } from './ports.js';
import type { Clock } from '../shared/clock.js';

/** kinds with no text to extract: stored, listed and downloadable, but not searchable */
const NO_TEXT_KINDS = new Set(['video', 'audio']);
/** child ids are derived from the package and entry path, so unpacking twice (after a crash) adds nothing twice */
const CHILD_NAMESPACE = '5b0c2a9e-1d0f-4c43-9a47-8f7f3b1c2d10';
/**
 * A document whose parsing killed its sandbox this many times is finished as failed: once may be bad luck (another
 * job's memory), twice is the file, and retrying it would only crash the sandbox again. A kill for time is final at
 * once: the same file runs out of the same time again, and a retry would only double how long the document waits
 * (a hostile PDF used to become final two timeouts and a retry delay after its upload).
 */
const MAX_SANDBOX_KILLS = 2;

export interface ProcessContext {
  repository: PipelineRepository;
  blobs: BlobStore;
  tools: FileTools;
  clock: Clock;
  /** true on the job's last attempt: a failure is then recorded on the document instead of retried */
  lastAttempt: boolean;
  /** aborted when the job expires or its worker stops: extraction, OCR, unpacking and conversions stop with it */
  signal?: AbortSignal;
  tempDir?: string;
  /** told of each document kept without text (a broken file, or content that is not what its name says) */
  log?: { warn(fields: object, message: string): void };
}

function unreadableReason(detected: DetectedType): string {
  return detected.kind === 'unknown' ? 'not a kind of file byggdok reads' : 'its text could not be read';
}

function emptyResult(params: { document: DocumentRecord; detected: DetectedType | null; at: Date }): ExtractionResult {
  const { document, detected } = params;
  return {
    documentId: document.id,
    mimeType: detected?.mime ?? 'application/octet-stream',
    fileKind: detected?.kind ?? 'unknown',
    md5: null,
    title: null,
    pages: [],
    chunks: [],
    language: null,
    pageCount: null,
    originalCreatedAt: null,
    previewKey: null,
    previewNote: null,
    flags: {
      validFile: false,
      invalidFile: false,
      corrupt: false,
      extractedText: false,
      extractedFile: false,
      textExtractionError: false,
      skipExtractFile: false,
      uncompressedPackage: false,
    },
    processingError: null,
    processingNote: null,
    at: params.at,
  };
}

/** what a kind of content is called in a sentence */
const KIND_NAMES: Partial<Record<DetectedType['kind'], string>> = {
  pdf: 'a PDF',
  docx: 'a Word document (.docx)',
  doc: 'a Word 97-2003 document (.doc)',
  xlsx: 'an Excel workbook (.xlsx)',
  xls: 'an Excel 97-2003 workbook (.xls)',
  pptx: 'a PowerPoint presentation (.pptx)',
  odf: 'an OpenDocument file',
  ppt: 'a PowerPoint 97-2003 presentation (.ppt)',
  rtf: 'an RTF document',
  epub: 'an EPUB e-book',
  vsdx: 'a Visio drawing (.vsdx)',
  vsd: 'a Visio drawing (.vsd)',
  csv: 'CSV text',
  text: 'plain text',
  html: 'a web page (HTML)',
  xml: 'XML',
  eml: 'an e-mail (.eml)',
  msg: 'an Outlook message (.msg)',
  dwg: 'a DWG drawing',
  dxf: 'a DXF drawing',
  ifc: 'an IFC model',
  zip: 'a ZIP archive',
  video: 'a video',
  audio: 'an audio recording',
};

/** the sentence a document carries when its name and its content disagree */
export function nameContentNote(detected: DetectedType): string {
  const format = detected.mime.replace(/^image\//, '').toUpperCase();
  const content = detected.kind === 'image' ? `a ${format} image` : (KIND_NAMES[detected.kind] ?? detected.kind);
  return `The name says .${detected.extension}, but the content is ${content}; it was read as what it is`;
}

/** copies the stored file to local disk (extractors and unzip need random access) and returns its MD5 */
async function download(params: {
  blobs: BlobStore;
  key: string;
  target: string;
  signal: AbortSignal | undefined;
}): Promise<string> {
  const meter = new BlobMeter({ key: params.key });
  await pipeline(
    await params.blobs.get(params.key),
    meter,
    createWriteStream(params.target),
    params.signal ? { signal: params.signal } : {},
  );
  return meter.result().md5;
}

/**
 * A sound file whose text cannot be read (locked with a password, or a format version no reader handles): valid, and
 * the reason in words, never "corrupt". `sentence` is whole: what is wrong and that the text cannot be read.
 */
function keptWithoutText(result: ExtractionResult, sentence: string): void {
  result.flags.validFile = true;
  recordFailure(result, sentence.charAt(0).toUpperCase() + sentence.slice(1), { corrupt: false });
  result.processingNote = result.processingError;
}

/**
 * A failure that ends this document's processing: kept on the document (its status shows the reason) and returned as
 * the job's outcome, with the same words in both places.
 */
function recordFailure(result: ExtractionResult, reason: string, options: { corrupt: boolean }): void {
  result.flags.corrupt ||= options.corrupt;
  result.flags.textExtractionError = true;
  result.processingError = reason;
}

/**
 * Stage one of the pipeline: identify the file from its content, extract its text per page (or unpack it, if it is a
 * package), build its preview, and hand it on to classification. Idempotent: running it again replaces what it wrote.
 */
export async function processDocument(documentId: string, context: ProcessContext): Promise<JobOutcome> {
  const { repository, blobs, tools, signal } = context;
  const document = await repository.load(documentId);
  if (!document) return jobSkipped('the document does not exist');
  if (document.archivedAt !== null) return jobSkipped('the document is archived');
  if (document.uploadState !== 'uploaded') return jobSkipped('the upload has not arrived');

  const workDir = await fs.mkdtemp(path.join(context.tempDir ?? os.tmpdir(), 'byggdok-job-'));
  let detected: DetectedType | null = null;
  try {
    const filePath = path.join(workDir, 'original');
    const md5 = await download({ blobs, key: document.blobKey, target: filePath, signal });
    signal?.throwIfAborted();
    detected = await tools.detect({ path: filePath, filename: document.filename });
    const result = emptyResult({ document, detected, at: context.clock.now() });
    result.md5 = document.md5 ?? md5;
    result.flags.extractedFile = true;

    // the content decides what a file is, never its name: a PDF named .docx is read as a PDF, and says so
    if (detected.extensionMismatch && detected.kind !== 'unknown') result.processingNote = nameContentNote(detected);
    if (detected.kind === 'zip' && document.parentDocumentId !== null) {
      keepNestedArchive(result);
    } else if (detected.kind === 'zip') {
      await unpackPackage({ context, document, zipPath: filePath, workDir, result });
    } else if (detected.kind === 'unknown') {
      // content that is no kind of document we know (random bytes named .pdf): kept, never parsed
      result.flags.invalidFile = true;
      result.flags.skipExtractFile = true;
    } else if (detected.encrypted) {
      keptWithoutText(
        result,
        `${KIND_NAMES[detected.kind] ?? 'Office file'} is encrypted with a password; its text cannot be read without it`,
      );
    } else if (NO_TEXT_KINDS.has(detected.kind)) {
      result.flags.validFile = true;
      result.flags.skipExtractFile = true;
    } else {
      await extractText({ context, document, filePath, detected, workDir, result });
    }
    await repository.saveExtraction({ ...result, at: context.clock.now() });
    if (result.flags.corrupt || result.flags.invalidFile || result.flags.textExtractionError) {
      context.log?.warn(
        {
          documentId: document.id,
          filename: document.filename,
          kind: detected.kind,
          corrupt: result.flags.corrupt,
          invalidFile: result.flags.invalidFile,
          reason: result.processingError ?? unreadableReason(detected),
        },
        'document kept without text',
      );
    }
    return result.flags.textExtractionError ? jobFailed(result.processingError ?? 'text extraction failed') : jobDone();
  } catch (error) {
    // awaited here, before the finally below runs: a rejection returned unawaited would go unhandled meanwhile
    if (error instanceof ExtractionStoppedError) return await sandboxStopped({ context, document, detected, error });
    // A run stopped by its signal (the job expired, the worker stopped) is retried like any transient failure; on
    // the last attempt the reason is recorded, so the document does not wait for a run that never comes.
    const aborted = jobAbortReason(error, signal);
    if (!aborted || !context.lastAttempt) throw error;
    const result = emptyResult({ document, detected, at: context.clock.now() });
    recordFailure(result, aborted.message, { corrupt: false });
    await repository.saveExtraction(result);
    return jobFailed(aborted.message);
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

function keepPages(result: ExtractionResult, extracted: ExtractedPage[]): ExtractedPage[] {
  const pages = extracted.map((page) => ({ ...page, text: page.text.replace(/\0/g, '') }));
  result.pageCount = pages.length;
  const stored = chunkWithLanguages(pages);
  result.language = stored.language;
  result.pages = stored.pages;
  result.chunks = stored.chunks;
  result.flags.extractedText = pages.some((page) => page.text.trim().length > 0);
  return pages;
}

/**
 * The sandbox parsing the file was killed (too long, too much memory). A memory kill or a crash is retried once; after
 * the second, or after a kill for time, the document is finished with the reason and the pages read before the kill,
 * never retried into a crash loop.
 */
async function sandboxStopped(params: {
  context: ProcessContext;
  document: DocumentRecord;
  detected: DetectedType | null;
  error: ExtractionStoppedError;
}): Promise<JobOutcome> {
  const { context, document, detected, error } = params;
  const kills = await context.repository.recordExtractionKill(document.id);
  if (error.stoppedBy !== 'time' && kills < MAX_SANDBOX_KILLS && !context.lastAttempt) throw error;
  const result = emptyResult({ document, detected, at: context.clock.now() });
  result.md5 = document.md5;
  result.flags.extractedFile = true;
  let reason = error.message;
  if (error.pages.length > 0) {
    result.flags.validFile = true;
    const pages = keepPages(result, error.pages);
    reason += ` (pages 1-${pages.length} kept, the rest skipped)`;
  }
  recordFailure(result, reason, { corrupt: false });
  await context.repository.saveExtraction(result);
  return jobFailed(reason);
}

async function extractText(params: {
  context: ProcessContext;
  document: DocumentRecord;
  filePath: string;
  detected: DetectedType;
  workDir: string;
  result: ExtractionResult;
}): Promise<void> {
  const { context, document, filePath, detected, result } = params;
  let extraction: Extraction | null = null;
  try {
    extraction = await context.tools.extract({
      path: filePath,
      filename: document.filename,
      detected,
      ...(context.signal ? { signal: context.signal } : {}),
    });
  } catch (error) {
    if (error instanceof EncryptedFileError || error instanceof UnsupportedVersionError) {
      keptWithoutText(result, error.message);
      return;
    }
    if (error instanceof CorruptFileError) {
      recordFailure(result, error.message, { corrupt: true });
      return;
    }
    if (error instanceof ExtractionStoppedError) throw error;
    // a transient failure (OCR process died, out of memory): retried, and recorded only when retries are spent
    if (!context.lastAttempt || jobAbortReason(error, context.signal)) throw error;
    result.flags.validFile = true;
    recordFailure(result, error instanceof Error ? error.message : String(error), { corrupt: false });
    return;
  }
  result.flags.validFile = true;
  if (extraction.note) result.processingNote = extraction.note;
  const pages = keepPages(result, extraction.pages);
  result.title =
    deriveTitle({
      ...(extraction.title ? { metadataTitle: extraction.title } : {}),
      pages,
      filename: document.filename,
    }) ?? null;
  if (extraction.metadata.createdAt && !document.originalCreatedAt) {
    const created = new Date(extraction.metadata.createdAt);
    if (!Number.isNaN(created.getTime())) result.originalCreatedAt = created;
  }
  await makePreview({ ...params, extraction });
}

async function makePreview(params: {
  context: ProcessContext;
  document: DocumentRecord;
  filePath: string;
  detected: DetectedType;
  workDir: string;
  result: ExtractionResult;
  extraction: Extraction;
}): Promise<void> {
  const { context, document, detected, result } = params;
  if (detected.kind === 'pdf') {
    result.previewKey = document.blobKey; // a PDF is its own preview
    return;
  }
  const outputPath = path.join(params.workDir, 'preview.pdf');
  try {
    const preview = await context.tools.makePreview({
      path: params.filePath,
      detected,
      extraction: params.extraction,
      outputPath,
      ...(context.signal ? { signal: context.signal } : {}),
    });
    if (!preview.made) {
      result.previewNote = preview.note;
      return;
    }
    const key = previewBlobKey(document.blobKey);
    await context.blobs.put(key, createReadStream(outputPath), { contentType: 'application/pdf' });
    result.previewKey = key;
  } catch (error) {
    if (jobAbortReason(error, context.signal)) throw error;
    // a missing preview never fails the document: its text is what matters
    result.previewNote = `preview failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/**
 * An archive found inside an unpacked archive is kept as a file, never unpacked: each level may multiply what the one
 * above held, so unpacking every level would let one small upload grow without bound. One level is what users upload
 * (a folder of drawings zipped); a zip inside it stays downloadable as it is.
 */
function keepNestedArchive(result: ExtractionResult): void {
  result.flags.validFile = true;
  result.flags.skipExtractFile = true;
  result.processingNote = 'An archive inside an archive is kept as it is: only the uploaded archive is unpacked';
}

/** package entries stored and enqueued per transaction */
const CHILD_BATCH = 100;

async function unpackPackage(params: {
  context: ProcessContext;
  document: DocumentRecord;
  zipPath: string;
  workDir: string;
  result: ExtractionResult;
}): Promise<void> {
  const { context, document, result } = params;
  let unpacked: Awaited<ReturnType<FileTools['unpackZip']>>;
  try {
    unpacked = await context.tools.unpackZip({
      zipPath: params.zipPath,
      destDir: path.join(params.workDir, 'unpacked'),
      ...(context.signal ? { signal: context.signal } : {}),
    });
  } catch (error) {
    if (jobAbortReason(error, context.signal) || error instanceof ExtractionStoppedError) throw error;
    recordFailure(result, error instanceof Error ? error.message : String(error), { corrupt: true });
    return;
  }
  result.flags.validFile = true;
  result.flags.uncompressedPackage = true;
  // the package itself has no text; its entries become documents of their own
  result.flags.skipExtractFile = true;
  if (unpacked.skipped.length > 0) {
    result.processingError =
      `skipped entries: ${unpacked.skipped.map((s) => `${s.path} (${s.reason})`).join('; ')}`.slice(0, 2000);
  }
  const packagePath = document.originalPath || document.filename;
  // Entries become documents in batches, each batch with its jobs in a short transaction of its own: the first
  // entries are being processed while later ones are stored, and no one transaction holds thousands of rows. A retry
  // after a crash stores the same ids again (derived from the package and the entry path); rows already there are
  // kept and their jobs not enqueued twice.
  let children: ChildDocument[] = [];
  for (const entry of unpacked.entries) {
    context.signal?.throwIfAborted();
    const id = uuidv5(`${document.id}\n${entry.path}`, CHILD_NAMESPACE);
    const blobKey = documentBlobKey({ ownerId: document.ownerId, buildingId: document.buildingId, documentId: id });
    const stored = await context.blobs.put(blobKey, createReadStream(entry.filePath));
    // the id stays that of the entry's path as packed (a retry finds it again); the name is stored as any upload's
    const filename = visibleName(entry.path.split('/').at(-1) ?? entry.path);
    children.push({
      id,
      parentDocumentId: document.id,
      buildingId: document.buildingId,
      ownerId: document.ownerId,
      filename,
      originalPath: `${packagePath}/${visibleName(entry.path)}`,
      extension: extensionOf(filename),
      blobKey,
      size: stored.size,
      md5: stored.md5,
      createdAt: context.clock.now(),
    });
    if (children.length >= CHILD_BATCH) {
      await context.repository.insertChildren(children);
      children = [];
    }
  }
  await context.repository.insertChildren(children);
}
