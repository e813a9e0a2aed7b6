import type { AccessService } from '../../domain/access/access.service.js';
import { createSearchService } from '../../domain/search/search.service.js';
import { createPostgresSearchProvider } from '../../storage/search/postgres-search.provider.js';
import type { Db } from './app-module.js';

/** Search over documents and passages, PostgreSQL full text as the provider. */
export function createSearchModule(deps: { db: Db; access: AccessService }) {
  return {
    services: {
      search: createSearchService({ access: deps.access, provider: createPostgresSearchProvider({ db: deps.db }) }),
    },
  };
}
