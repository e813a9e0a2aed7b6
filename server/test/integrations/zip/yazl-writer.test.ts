import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { UnreadableEntry } from '../../../src/domain/zip/zip-archives.js';
import { yazlWriter } from '../../../src/integrations/zip/yazl-writer.js';
import { readZip } from '../../helpers/zip-reader.js';

/** a file that sends its first bytes, then fails as a storage connection that drops would */
function failingAfter(first: Buffer): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(first);
      } else {
        this.destroy(new Error('connection reset'));
      }
    },
  });
}

describe('the zip writer, when a file cannot be read', () => {
  it('leaves out a file that cannot be opened, cuts short one that fails while read, and still ends a valid zip', async () => {
    const unreadable: UnreadableEntry[] = [];
    const stream = yazlWriter({
      entries: [
        { path: 'a.txt', compress: false, open: async () => Readable.from([Buffer.from('first')]) },
        {
          path: 'gone.txt',
          compress: false,
          open: async () => {
            throw Object.assign(new Error('no such blob'), { code: 'blob.not_found' });
          },
        },
        { path: 'cut.txt', compress: false, open: async () => failingAfter(Buffer.from('half')) },
        { path: 'b.txt', compress: true, open: async () => Readable.from([Buffer.from('last')]) },
      ],
      late: [
        { path: 'list.txt', content: () => Buffer.from(unreadable.map((u) => u.path).join(',')) },
        { path: 'never.txt', content: () => null },
      ],
      unreadable: (entry) => unreadable.push(entry),
    });
    const files = await readZip(await buffer(stream));
    expect([...files.keys()]).toEqual(['a.txt', 'cut.txt', 'b.txt', 'list.txt']);
    expect(files.get('a.txt')!.toString()).toBe('first');
    expect(files.get('cut.txt')!.toString()).toBe('half');
    expect(files.get('b.txt')!.toString()).toBe('last');
    expect(files.get('list.txt')!.toString()).toBe('gone.txt,cut.txt');
    expect(unreadable.map((u) => [u.path, u.index, u.bytesWritten])).toEqual([
      ['gone.txt', 1, 0],
      ['cut.txt', 2, 4],
    ]);
  });
});
