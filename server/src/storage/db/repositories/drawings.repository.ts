import type { Kysely } from 'kysely';
import type { DrawingSource } from '../../../domain/drawings/drawing-viewer.service.js';
import type { DB } from '../schema.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** a live document's file, for the drawing viewer */
export function drawingSourceFinder(db: Kysely<DB>) {
  return async (documentId: string): Promise<DrawingSource | null> => {
    if (!UUID.test(documentId)) return null;
    const row = await db
      .selectFrom('documents')
      .select(['id', 'filename', 'blob_key', 'md5', 'upload_state'])
      .where('id', '=', documentId.toLowerCase())
      .where('archived_at', 'is', null)
      .executeTakeFirst();
    return row
      ? {
          id: row.id,
          filename: row.filename,
          blobKey: row.blob_key,
          md5: row.md5,
          uploaded: row.upload_state === 'uploaded',
        }
      : null;
  };
}
