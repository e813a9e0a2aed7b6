import type { AccessService } from '../../domain/access/access.service.js';
import type { ChunkRetriever } from '../../domain/search/chunk-retriever.js';
import { createSearchService } from '../../domain/search/search.service.js';
import { createPostgresSearchProvider } from '../../storage/search/postgres-search.provider.js';
import type { Engine } from '../../storage/db/database.js';
import type { Db } from './app-module.js';

/**
 * Search over documents and passages, PostgreSQL full text as the provider. Its chunk retriever is the one every
 * reader of passages uses (answers, reports), so there is one index and one way to find a passage.
 */
export function createSearchModule(deps: { db: Db; engine: Engine; access: AccessService }) {
  const provider = createPostgresSearchProvider({ db: deps.db, parallel: deps.engine === 'postgres' });
  const chunks: ChunkRetriever = provider;
  return {
    services: { search: createSearchService({ access: deps.access, provider }) },
    chunks,
  };
}
