import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** buildings rebuilt by one round of upkeep; the rest wait for the next */
const REBUILDS_PER_ROUND = 500;

/**
 * Rebuilds the vocabulary (`building_lexemes`, migration 0057) of the buildings marked as possibly holding words no
 * reader may see any more (a document archived, moved, reworded or put in a private folder), oldest mark first, each
 * in a statement of its own. Returns the buildings rebuilt.
 */
export async function rebuildStaleVocabularies(db: Kysely<DB>, limit = REBUILDS_PER_ROUND): Promise<string[]> {
  const stale = await db
    .selectFrom('building_lexemes_stale')
    .select('building_id')
    .orderBy('marked_at')
    .orderBy('building_id')
    .limit(limit)
    .execute();
  const rebuilt: string[] = [];
  for (const { building_id: building } of stale) {
    await sql`select building_lexemes_rebuild(${building})`.execute(db);
    rebuilt.push(building);
  }
  return rebuilt;
}
