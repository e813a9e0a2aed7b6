import { PassThrough } from 'node:stream';
import type { ZipFile } from 'yazl';
import type { ZipWriter } from '../../domain/zip/zip-archives.js';

/**
 * The zip writer on yazl: every entry is added lazily, so its stream is opened only when yazl starts writing it and
 * memory stays flat whatever the archive's size; yazl switches to ZIP64 by itself past 4 GiB or 65535 entries. yazl
 * itself is loaded with the first archive, not at every start.
 */
export const yazlWriter: ZipWriter = (params) => {
  const output = new PassThrough();
  const fail = (error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error)));
  import('yazl').then(({ default: yazl }) => write(new yazl.ZipFile(), params, output, fail), fail);
  return output;
};

function write(
  zip: ZipFile,
  { entries, late }: Parameters<ZipWriter>[0],
  output: PassThrough,
  fail: (error: unknown) => void,
): void {
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
}
