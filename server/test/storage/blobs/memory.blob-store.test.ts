import { createMemoryBlobStore } from '../../../src/storage/blobs/memory.blob-store.js';
import { runBlobStoreContract, serveSignedUrls } from '../../contracts/blob-store.contract.js';

runBlobStoreContract({
  name: 'memory',
  keepsContentType: true,
  createHarness: async () => {
    const { store, close } = await serveSignedUrls((signer) => createMemoryBlobStore({ signer }));
    return { store, close, listStoredNames: async () => store.keys().sort() };
  },
});
