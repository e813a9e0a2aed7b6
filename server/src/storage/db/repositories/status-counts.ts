import { sql, type Kysely } from 'kysely';
import type { DocumentStatusCounts } from '../../../domain/documents/processing-status.js';
import type { DB } from '../schema.js';
import { outsideBuildingPrivateFolders } from '../visibility.js';

/**
 * Processing-flag counts of live documents in live buildings, for one building or a set of them. Documents under a
 * private folder are not counted: a reader who may not see them would learn how many there are, and when one arrives
 * or fails, by polling the status (the webhooks keep quiet about them for the same reason).
 */
export async function countDocumentStatuses(params: {
  db: Kysely<DB>;
  ownerId: string;
  /** null: every building of the owner */
  buildingIds: readonly string[] | null;
}): Promise<DocumentStatusCounts> {
  const { db, ownerId, buildingIds } = params;
  if (buildingIds !== null && buildingIds.length === 0) return countsOf(undefined);
  const count = (column: keyof DB['documents']) => sql<number>`count(*) filter (where d.${sql.ref(column)})`;
  let query = db
    .selectFrom('documents as d')
    .innerJoin('buildings as b', 'b.id', 'd.building_id')
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`count(*) filter (where d.processed_at is not null)`.as('processed'),
      count('extracted_text').as('extractedText'),
      count('extracted_file').as('extractedFile'),
      count('uncompressed_package').as('uncompressedPackage'),
      count('valid_file').as('validFile'),
      count('invalid_file').as('invalidFile'),
      count('categorised').as('categorised'),
      count('skip_extract_file').as('skipExtractFile'),
      count('text_extraction_error').as('textExtractionError'),
      sql<number>`count(*) filter (where d.duplicate_of is not null)`.as('duplicates'),
    ])
    .where('d.building_owner_id', '=', ownerId)
    .where('d.archived_at', 'is', null)
    .where('d.upload_state', '=', 'uploaded')
    .where('b.archived_at', 'is', null)
    .where(outsideBuildingPrivateFolders('b'));
  if (buildingIds !== null) query = query.where('d.building_id', 'in', buildingIds);
  return countsOf(await query.executeTakeFirst());
}

function countsOf(row: Partial<DocumentStatusCounts> | undefined): DocumentStatusCounts {
  return {
    total: Number(row?.total ?? 0),
    processed: Number(row?.processed ?? 0),
    extractedText: Number(row?.extractedText ?? 0),
    extractedFile: Number(row?.extractedFile ?? 0),
    uncompressedPackage: Number(row?.uncompressedPackage ?? 0),
    validFile: Number(row?.validFile ?? 0),
    invalidFile: Number(row?.invalidFile ?? 0),
    categorised: Number(row?.categorised ?? 0),
    skipExtractFile: Number(row?.skipExtractFile ?? 0),
    textExtractionError: Number(row?.textExtractionError ?? 0),
    duplicates: Number(row?.duplicates ?? 0),
  };
}
