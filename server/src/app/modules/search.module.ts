import type { AccessService } from '../../domain/access/access.service.js';
import type { ChunkRetriever } from '../../domain/search/chunk-retriever.js';
import { jobDone, jobSkipped, type JobContribution } from '../../domain/jobs/jobs.js';
import { createSearchService } from '../../domain/search/search.service.js';
import { createPostgresSearchProvider } from '../../storage/search/postgres-search.provider.js';
import { createSegmentCache, DEFAULT_SEGMENT_SETTINGS, maintainSegments } from '../../storage/search/segments.js';
import { rebuildStaleVocabularies } from '../../storage/search/vocabulary.js';
import type { Engine } from '../../storage/db/database.js';
import type { Db } from './app-module.js';

/**
 * Search over documents and passages, PostgreSQL full text as the provider. Its chunk retriever is the one every
 * reader of passages uses (answers, reports), so there is one index and one way to find a passage.
 *
 * Owners with at least `segmentMinDocuments` documents get a segment (an inverted index of their own, segments.ts),
 * which the workers keep current every five minutes; any process's search uses the newest one there is.
 *
 * A building whose documents may have taken words out of its vocabulary (what typo corrections and compounds may
 * offer its readers, migration 0057) is rebuilt by the workers within a minute.
 */
export function createSearchModule(deps: {
  db: Db;
  engine: Engine;
  access: AccessService;
  /** 0: no segments are built (those built before are dropped by the next upkeep) */
  segmentMinDocuments?: number;
}) {
  const settings = {
    ...DEFAULT_SEGMENT_SETTINGS,
    minDocuments: deps.segmentMinDocuments ?? DEFAULT_SEGMENT_SETTINGS.minDocuments,
  };
  const cache = createSegmentCache({ db: deps.db });
  const provider = createPostgresSearchProvider({
    db: deps.db,
    parallel: deps.engine === 'postgres',
    segments: { cache, settings },
  });
  const chunks: ChunkRetriever = provider;
  return {
    services: { search: createSearchService({ access: deps.access, provider }) },
    chunks,
    /** loads the owners' segments into this process (the API's, at start); the owners loaded */
    warm: () => cache.warmAll(),
    jobs: {
      handlers: {
        'search.segments': async () => {
          const { built, dropped } = await maintainSegments(
            deps.db,
            settings.minDocuments > 0 ? settings : { ...settings, minDocuments: Infinity },
          );
          return built.length + dropped.length > 0 ? jobDone() : jobSkipped('every segment is current');
        },
        'search.vocabulary': async () => {
          const rebuilt = await rebuildStaleVocabularies(deps.db);
          return rebuilt.length > 0 ? jobDone() : jobSkipped('every building vocabulary is current');
        },
      },
      schedules: [
        { name: 'search.segments', cron: '*/5 * * * *' },
        { name: 'search.vocabulary', cron: '* * * * *' },
      ],
    } satisfies JobContribution,
  };
}
