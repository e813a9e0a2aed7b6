import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidBlobKeyError } from '../../../src/domain/documents/blob-store.js';
import { createFsBlobStore } from '../../../src/storage/blobs/fs.blob-store.js';
import { createUrlSigner } from '../../../src/storage/blobs/url-signer.js';
import { runBlobStoreContract, serveSignedUrls, TEST_SIGNING_SECRET } from '../../contracts/blob-store.contract.js';

runBlobStoreContract({
  name: 'fs',
  keepsContentType: false,
  createHarness: async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'byggdok-fs-blobs-'));
    const { store, close } = await serveSignedUrls((signer) => createFsBlobStore({ root, signer }));
    return {
      store,
      listStoredNames: () => listFiles(root),
      close: async () => {
        await close();
        await rm(root, { recursive: true, force: true });
      },
    };
  },
});

describe('fs blob store', () => {
  let sandbox: string;
  let root: string;

  beforeEach(async () => {
    // The root sits one level down so a successful escape would land in the sandbox, where the test can see it.
    sandbox = await mkdtemp(path.join(tmpdir(), 'byggdok-fs-escape-'));
    root = path.join(sandbox, 'root');
  });

  afterEach(async () => {
    await rm(sandbox, { recursive: true, force: true });
  });

  it.each(['../x', '/etc/passwd', 'a/../../b', '../root-sibling/x'])(
    'writes nothing outside the root for the key %j',
    async (key) => {
      const store = createFsBlobStore({ root, signer: createTestSigner() });

      await expect(store.put(key, Buffer.from('pwned'))).rejects.toBeInstanceOf(InvalidBlobKeyError);

      expect(await listFiles(sandbox)).toEqual([]);
    },
  );

  it('stores a key as a path below the root, so operators can find files on disk', async () => {
    const store = createFsBlobStore({ root, signer: createTestSigner() });

    await store.put('VVS/Ventilasjon/FDV æøå.pdf', Buffer.from('fdv'));

    expect((await stat(path.join(root, 'VVS', 'Ventilasjon', 'FDV æøå.pdf'))).size).toBe(3);
    expect(await listFiles(root)).toEqual(['VVS/Ventilasjon/FDV æøå.pdf']);
  });
});

function createTestSigner() {
  return createUrlSigner({ secret: TEST_SIGNING_SECRET, publicUrl: 'http://127.0.0.1:1' });
}

/** Files only, as `/`-separated paths relative to `folder`; temporary upload files included on purpose. */
async function listFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}
