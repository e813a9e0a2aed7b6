import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import { PERSON_NEEDS } from '../../../domain/access/policies.js';
import { ROLES, roleAtLeast } from '../../../domain/people/roles.js';
import type { WebhookOutbox } from '../../../domain/webhooks/webhook-events.js';
import { PIPELINE } from '../../../domain/pipeline/stages.js';
import type { NewDocument, UploadsRepository } from '../../../domain/uploads/uploads.service.js';
import { uploadClosed } from '../../../domain/uploads/uploads.errors.js';
import { notFound } from '../../../domain/shared/errors.js';
import type { PgBossQueue } from '../../queue/pg-boss.queue.js';
import { projectReceiving } from '../project-documents.js';
import type { DB } from '../schema.js';
import { visibleDocuments } from '../visibility.js';
import { isUuid, transactionExecutor } from './document-rows.js';
import { relinkRevisions } from './revisions.repository.js';

/**
 * A pending upload that may still complete at `at`: any but a portal upload, and that one while the token that
 * registered it still admits its holder (as the portal's own authentication decides, access.repository.ts).
 */
function tokenStillAdmits(eb: ExpressionBuilder<DB, 'documents'>, at: Date) {
  return eb.or([
    eb('documents.portal_token_id', 'is', null),
    eb.exists(
      eb
        .selectFrom('subcontractor_tokens as t')
        .innerJoin('subcontractors as s', 's.id', 't.subcontractor_id')
        .innerJoin('projects as p', 'p.id', 't.project_id')
        .select(sql<number>`1`.as('one'))
        .whereRef('t.id', '=', 'documents.portal_token_id')
        .where('t.revoked_at', 'is', null)
        .where('t.expires_at', '>', at)
        .where('s.archived_at', 'is', null)
        .where('p.status', '=', 'ACTIVE'),
    ),
  ]);
}

/** the roles with which a person adds documents to a building on the partner routes (policies.ts) */
const WRITING_ROLES = ROLES.filter((role) => roleAtLeast(role, PERSON_NEEDS.write));

/**
 * Whether the person who registered an upload of `documents` (aliased `table`) may still add documents to its
 * building, as the building policy lets a person in (policies.ts, access.repository.ts): not deactivated, and a role
 * that writes in a live customer linked to the building's owner (a platform administrator: any live customer linked
 * to it).
 */
function personStillWrites(table: 'documents' | 'd') {
  const column = (name: 'upload_user_id' | 'building_owner_id') => sql.ref(`${table}.${name}`);
  return sql<boolean>`exists (
    select 1 from users u join customers c on c.building_owner_id = ${column('building_owner_id')}
     where u.id = ${column('upload_user_id')}
       and u.status <> 'deactivated'
       and c.archived_at is null
       and (u.platform_admin or exists (
         select 1 from customer_members m
          where m.customer_id = c.id and m.user_id = u.id and m.role in (${sql.join(WRITING_ROLES)}))))`;
}

/**
 * A pending upload that may still complete at `at` as far as who registered it on the partner routes goes: its
 * partner key, or its person's personal key, is there and neither revoked nor expired, and its person may still add
 * documents to the building. Columns left null (an upload of the portal or an import, or one registered before
 * migration 0058) ask nothing.
 */
function registrantStillAdmits(eb: ExpressionBuilder<DB, 'documents'>, at: Date) {
  return eb.and([
    eb.or([
      eb('documents.upload_api_key_id', 'is', null),
      eb.exists(
        eb
          .selectFrom('api_keys as k')
          .select(sql<number>`1`.as('one'))
          .whereRef('k.id', '=', 'documents.upload_api_key_id')
          .where('k.revoked_at', 'is', null),
      ),
    ]),
    eb.or([
      eb('documents.upload_user_key_id', 'is', null),
      eb.exists(
        eb
          .selectFrom('user_api_keys as k')
          .select(sql<number>`1`.as('one'))
          .whereRef('k.id', '=', 'documents.upload_user_key_id')
          .where('k.revoked_at', 'is', null)
          .where((inner) => inner.or([inner('k.expires_at', 'is', null), inner('k.expires_at', '>', at)])),
      ),
    ]),
    eb.or([eb('documents.upload_user_id', 'is', null), personStillWrites('documents')]),
  ]);
}

/**
 * Archives the uploads a key registered and has not finished, in the transaction that revokes it (admin.repository.ts,
 * api-keys.repository.ts): no URL saved from it completes them.
 */
export async function archivePendingUploadsOfKey(
  trx: Transaction<DB>,
  params: { column: 'upload_api_key_id' | 'upload_user_key_id'; keyId: string; at: Date },
): Promise<void> {
  await trx
    .updateTable('documents')
    .set({ archived_at: params.at, updated_at: params.at })
    .where(params.column, '=', params.keyId)
    .where('upload_state', '=', 'pending')
    .where('archived_at', 'is', null)
    .execute();
}

/**
 * Archives the uploads a person registered and has not finished, once the person may no longer add documents to
 * their building: in the transaction that removes them from a customer, lowers their role or deactivates them
 * (members.repository.ts, users.repository.ts). Uploads to buildings they still write to are left alone.
 */
export async function archivePendingUploadsOfPerson(
  trx: Transaction<DB>,
  params: { userId: string; at: Date },
): Promise<void> {
  await trx
    .updateTable('documents')
    .set({ archived_at: params.at, updated_at: params.at })
    .where('upload_user_id', '=', params.userId)
    .where('upload_state', '=', 'pending')
    .where('archived_at', 'is', null)
    .where(sql<boolean>`not ${personStillWrites('documents')}`)
    .execute();
}

/**
 * Holds the building (and the project, for a project's upload) for the registration's transaction, as they were when
 * the caller was let in: the building still its owner's and live, the project still active. A handover locks both
 * before it archives the buildings' pending uploads (handover.repository.ts), so a registration either commits first,
 * and is archived with the others, or waits for the handover and is refused.
 */
async function lockUploadTarget(trx: Transaction<DB>, document: NewDocument): Promise<void> {
  // the project first, then the building: the order the handover takes them in
  if (document.construction) {
    const project = await trx
      .selectFrom('projects')
      .select('id')
      .where('id', '=', document.construction.projectId)
      .where('status', '=', 'ACTIVE')
      .forKeyShare()
      .executeTakeFirst();
    if (!project) throw uploadClosed('project_closed');
  }
  const building = await trx
    .selectFrom('buildings')
    .select('id')
    .where('id', '=', document.buildingId)
    .where('building_owner_id', '=', document.ownerId)
    .where('archived_at', 'is', null)
    .forKeyShare()
    .executeTakeFirst();
  if (!building) throw notFound('building');
}

async function insertPendingRow(trx: Transaction<DB>, document: NewDocument): Promise<void> {
  await trx
    .insertInto('documents')
    .values({
      id: document.id,
      building_id: document.buildingId,
      building_owner_id: document.ownerId,
      parent_document_id: document.parentDocumentId,
      filename: document.filename,
      original_filename: document.filename,
      original_path: document.originalPath,
      extension: document.extension,
      blob_key: document.blobKey,
      serial_number: document.serialNumber,
      original_created_at: document.originalCreatedAt,
      created_at: document.createdAt,
      replaces_document_id: document.replacesDocumentId ?? null,
      // a construction upload names who uploaded it in the delivery (the portal's free text); else the person
      uploaded_by: document.construction ? document.construction.uploadedBy : (document.uploadedBy ?? null),
      updated_at: document.createdAt,
      ...(document.construction
        ? {
            project_id: document.construction.projectId,
            delivery_id: document.construction.deliveryId,
            subcontractor_id: document.construction.subcontractorId,
            delivery_information_type: document.construction.informationType,
            progress_status: 'IN_PROGRESS' as const,
          }
        : // every upload into a project's building while it is the contractor's is the project's
          { project_id: projectReceiving(document.buildingId) }),
      portal_token_id: document.construction?.portalTokenId ?? null,
      upload_api_key_id: document.registrant?.apiKeyId ?? null,
      upload_user_id: document.registrant?.userId ?? null,
      upload_user_key_id: document.registrant?.userKeyId ?? null,
    })
    .execute();
}

export function createUploadsRepository(params: {
  db: Kysely<DB>;
  queue: PgBossQueue;
  /** subcontractor.uploaded, raised when a subcontractor's upload arrives */
  outbox?: WebhookOutbox<Transaction<DB>>;
}): UploadsRepository {
  const { db, queue, outbox } = params;

  return {
    async insertPending(document) {
      await db.transaction().execute(async (trx) => {
        await lockUploadTarget(trx, document);
        await insertPendingRow(trx, document);
      });
    },

    async personName(userId) {
      const row = await db.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirst();
      return row ? row.name || row.email : null;
    },

    async findReplaceable({ buildingId, documentId }) {
      if (!isUuid(documentId)) return null;
      const row = await visibleDocuments(db, { buildingIds: [buildingId] })
        .select('d.superseded_by')
        .where('d.id', '=', documentId)
        .executeTakeFirst();
      return row ? { supersededBy: row.superseded_by } : null;
    },

    async findUpload(documentId) {
      if (!isUuid(documentId)) return null;
      const row = await db
        .selectFrom('documents as d')
        .leftJoin('subcontractor_tokens as t', 't.id', 'd.portal_token_id')
        .leftJoin('subcontractors as s', 's.id', 't.subcontractor_id')
        .leftJoin('projects as p', 'p.id', 't.project_id')
        .leftJoin('api_keys as ak', 'ak.id', 'd.upload_api_key_id')
        .leftJoin('user_api_keys as uk', 'uk.id', 'd.upload_user_key_id')
        .select([
          'd.id',
          'd.blob_key',
          'd.upload_state',
          'd.portal_token_id',
          't.id as token_id',
          't.revoked_at',
          't.expires_at',
          's.archived_at as subcontractor_archived_at',
          'p.status as project_status',
          'd.upload_api_key_id',
          'd.upload_user_id',
          'd.upload_user_key_id',
          'ak.id as api_key_id',
          'ak.revoked_at as api_key_revoked_at',
          'uk.id as user_key_id',
          'uk.revoked_at as user_key_revoked_at',
          'uk.expires_at as user_key_expires_at',
        ])
        .select(personStillWrites('d').as('person_writes'))
        .where('d.id', '=', documentId)
        .where('d.archived_at', 'is', null)
        .executeTakeFirst();
      if (!row) return null;
      const registered =
        row.upload_api_key_id !== null || row.upload_user_id !== null || row.upload_user_key_id !== null;
      // a key that is gone was revoked (a deleted key closes its uploads, as a revoked one does)
      const apiKeyRevoked =
        row.upload_api_key_id !== null && (row.api_key_id === null || row.api_key_revoked_at !== null);
      const userKeyRevoked =
        row.upload_user_key_id !== null && (row.user_key_id === null || row.user_key_revoked_at !== null);
      const upload = {
        documentId: row.id,
        blobKey: row.blob_key,
        state: row.upload_state,
        ...(registered
          ? {
              registrant: {
                keyRevoked: apiKeyRevoked || userKeyRevoked,
                keyExpiresAt: row.upload_user_key_id !== null ? (row.user_key_expires_at ?? null) : null,
                personRemoved: row.upload_user_id !== null && !row.person_writes,
              },
            }
          : {}),
      };
      if (row.portal_token_id === null) return upload;
      return {
        ...upload,
        portalToken:
          row.token_id === null || row.expires_at === null
            ? null
            : {
                revoked: row.revoked_at !== null,
                expiresAt: row.expires_at,
                subcontractorRemoved: row.subcontractor_archived_at !== null,
                projectActive: row.project_status === 'ACTIVE',
              },
      };
    },

    async archivePending({ documentId, at }) {
      const archived = await db
        .updateTable('documents')
        .set({ archived_at: at, updated_at: at })
        .where('id', '=', documentId)
        .where('upload_state', '=', 'pending')
        .where('archived_at', 'is', null)
        .executeTakeFirst();
      return Number(archived.numUpdatedRows) === 1;
    },

    async claimUpload({ documentId, attemptId, at, staleBefore }) {
      const claimed = await db
        .updateTable('documents')
        .set({ upload_attempt_id: attemptId, upload_claimed_at: at })
        .where('id', '=', documentId)
        .where('upload_state', '=', 'pending')
        .where('archived_at', 'is', null)
        .where((eb) => eb.or([eb('upload_attempt_id', 'is', null), eb('upload_claimed_at', '<', staleBefore)]))
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1;
    },

    async releaseClaim({ documentId, attemptId }) {
      await db
        .updateTable('documents')
        .set({ upload_attempt_id: null, upload_claimed_at: null })
        .where('id', '=', documentId)
        .where('upload_state', '=', 'pending')
        .where('upload_attempt_id', '=', attemptId)
        .execute();
    },

    async completeUpload({ documentId, attemptId, blobKey, size, md5, contentType, at }) {
      const completed = await db.transaction().execute(async (trx) => {
        let update = trx
          .updateTable('documents')
          .set({
            upload_state: 'uploaded',
            uploaded_at: at,
            size,
            md5,
            content_type: contentType,
            updated_at: at,
            blob_key: blobKey,
            upload_attempt_id: null,
            upload_claimed_at: null,
          })
          .where('id', '=', documentId)
          .where('upload_state', '=', 'pending')
          .where('archived_at', 'is', null)
          // checked again here: a token or key revoked, or a person removed, while the bytes came in takes the
          // upload with it
          .where((eb) => tokenStillAdmits(eb, at))
          .where((eb) => registrantStillAdmits(eb, at));
        // the bytes of an attempt count only while that attempt still holds the claim
        update =
          attemptId === null
            ? update.where('upload_attempt_id', 'is', null)
            : update.where('upload_attempt_id', '=', attemptId);
        const result = await update
          .returning(['building_id', 'replaces_document_id', 'project_id', 'subcontractor_id'])
          .executeTakeFirst();
        if (!result) return null;
        if (outbox && result.project_id && result.subcontractor_id) {
          await outbox.record(trx, [
            {
              type: 'subcontractor.uploaded',
              subject: { projectId: result.project_id },
              data: {
                project_id: result.project_id,
                subcontractor_id: result.subcontractor_id,
                document_id: documentId,
              },
            },
          ]);
        }
        await queue.enqueueWith(
          transactionExecutor(trx),
          PIPELINE.afterUpload,
          { documentId },
          { singletonKey: documentId, fairnessKey: result.building_id },
        );
        return result;
      });
      if (!completed) return false;
      // a new version supersedes the one it replaces once its bytes are there
      if (completed.replaces_document_id !== null)
        await relinkRevisions(db, { buildingId: completed.building_id, documentIds: [documentId] });
      return true;
    },

    async listPendingUploads({ createdAfter, limit }) {
      const rows = await db
        .selectFrom('documents')
        .select(['id', 'blob_key'])
        .where('upload_state', '=', 'pending')
        .where('archived_at', 'is', null)
        .where('created_at', '>=', createdAfter)
        .orderBy('created_at')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: r.id, blobKey: r.blob_key }));
    },
    async archiveAbandonedUploads({ createdBefore, at }) {
      const archived = await db
        .updateTable('documents')
        .set({ archived_at: at, updated_at: at })
        .where('upload_state', '=', 'pending')
        .where('archived_at', 'is', null)
        .where('created_at', '<', createdBefore)
        .executeTakeFirst();
      return Number(archived.numUpdatedRows);
    },
  };
}
