import { sql, type RawBuilder } from 'kysely';

/**
 * What `duplicate_of` names for the row `documents` being written (`md5`: its bytes' MD5): the first live copy of the
 * same bytes in its building, leaving out copies under the building's private folders, which the partner API never
 * shows (naming one would confirm to a writer that the file lies in a private folder).
 */
export function earlierCopyOf(md5: RawBuilder<string | null> | string | null): RawBuilder<string | null> {
  return sql<string | null>`(
    select earlier.id from documents earlier
    where earlier.building_id = documents.building_id and earlier.md5 = ${md5} and earlier.archived_at is null
      and earlier.id <> documents.id
      and (earlier.created_at, earlier.id) < (documents.created_at, documents.id)
      and not exists (select 1 from buildings pfb cross join unnest(pfb.private_folders) f
                      where pfb.id = earlier.building_id and starts_with(earlier.original_path, f))
    order by earlier.created_at, earlier.id
    limit 1)`;
}
