import { PassThrough } from 'node:stream';
import yazl from 'yazl';
import type { ZipWriter } from '../../domain/zip/zip-archives.js';

/**
 * The zip writer on yazl: every entry is added lazily, so its stream is opened only when yazl starts writing it and
 * memory stays flat whatever the archive's size; yazl switches to ZIP64 by itself past 4 GiB or 65535 entries.
 */
export const yazlWriter: ZipWriter = ({ entries, late }) => {
  const zip = new yazl.ZipFile();
  const output = new PassThrough();
  const fail = (error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error)));
  zip.on('error', fail);
  zip.outputStream.on('error', fail);
  zip.outputStream.pipe(output);
  const mtime = new Date('2000-01-01T00:00:00Z');
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.path, { compress: entry.compress, mtime }, (callback) => {
      entry.open().then(
        (stream) => {
          stream.on('error', fail);
          callback(null, stream);
        },
        (error: unknown) => {
          fail(error);
          callback(error, new PassThrough());
        },
      );
    });
  }
  for (const entry of late) {
    zip.addReadStreamLazy(entry.path, { compress: true, mtime }, (callback) => {
      const stream = new PassThrough();
      stream.end(entry.content());
      callback(null, stream);
    });
  }
  zip.end();
  return output;
};
