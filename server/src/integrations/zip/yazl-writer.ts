import { PassThrough, type Readable } from 'node:stream';
import type { ZipFile } from 'yazl';
import type { ZipWriter } from '../../domain/zip/zip-archives.js';

/**
 * The zip writer on yazl: entries are added one at a time, each file opened only when the one before it has been
 * written, so memory stays flat whatever the archive's size; yazl switches to ZIP64 by itself past 4 GiB or 65535
 * entries. A file that cannot be opened is left out and one that fails while it is read is cut short where it failed
 * (its header is already written); either is told to `unreadable`, and the archive goes on to a valid end, so a
 * missing blob never leaves a person with a zip they cannot open. yazl itself is loaded with the first archive.
 */
export const yazlWriter: ZipWriter = (params) => {
  const output = new PassThrough();
  const fail = (error: unknown) => output.destroy(asError(error));
  import('yazl').then(({ default: yazl }) => write(new yazl.ZipFile(), params, output, fail), fail).catch(fail);
  return output;
};

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

async function write(
  zip: ZipFile,
  { entries, late, unreadable }: Parameters<ZipWriter>[0],
  output: PassThrough,
  fail: (error: unknown) => void,
): Promise<void> {
  // destroyed before yazl was loaded (a download's check): its 'close' has been and gone, and no file is opened
  if (output.destroyed) return;
  let gone = false;
  let current: { source: Readable; body: PassThrough } | null = null;
  output.once('close', () => {
    // the reader went away (or the archive failed): stop reading files nobody will receive
    gone = true;
    current?.source.destroy();
    current?.body.end();
  });
  zip.on('error', fail);
  zip.outputStream.on('error', fail);
  zip.outputStream.pipe(output);
  const mtime = new Date('2000-01-01T00:00:00Z');
  for (const [index, entry] of entries.entries()) {
    if (gone) return;
    let source: Readable;
    try {
      source = await entry.open();
    } catch (error) {
      unreadable?.({ path: entry.path, index, error: asError(error), bytesWritten: 0 });
      continue;
    }
    if (gone) {
      source.destroy();
      return;
    }
    const body = new PassThrough();
    current = { source, body };
    let bytes = 0;
    const written = new Promise<void>((resolve) => {
      body.once('end', resolve);
      body.once('close', resolve);
    });
    source.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    source.once('error', (error) => {
      source.unpipe(body);
      unreadable?.({ path: entry.path, index, error, bytesWritten: bytes });
      body.end();
    });
    source.pipe(body);
    zip.addReadStream(body, entry.path, { compress: entry.compress, mtime });
    await written;
    current = null;
  }
  if (gone) return;
  for (const entry of late) {
    const content = entry.content();
    if (content !== null) zip.addBuffer(content, entry.path, { compress: true, mtime });
  }
  zip.end();
}
