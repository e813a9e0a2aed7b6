import type { Readable } from 'node:stream';
import type { AccessService } from '../access/access.service.js';
import type { UploadTarget } from '../access/policies.js';
import type { Principal } from '../access/principal.js';
import { BlobTooLargeError, type BlobStore } from '../documents/blob-store.js';
import { documentBlobKey, extensionOf, splitUploadPath } from '../documents/document.js';
import { documentNotFound, invalidFilename } from '../documents/documents.errors.js';
import { newId } from '../shared/ids.js';
import {
  replacedDocumentSuperseded,
  uploadAlreadyCompleted,
  uploadClosed,
  uploadInProgress,
  uploadTooLarge,
  type UploadClosure,
} from './uploads.errors.js';

/** A document registered for upload; it stays pending until its bytes arrive. */
export interface NewDocument {
  id: string;
  buildingId: string;
  ownerId: string;
  parentDocumentId: string | null;
  filename: string;
  originalPath: string;
  extension: string;
  blobKey: string;
  serialNumber: string | null;
  originalCreatedAt: Date | null;
  createdAt: Date;
  /** the live document of the building this upload is a new version of */
  replacesDocumentId?: string | null;
  /** the name of the person who uploaded it (a signed-in person's upload) */
  uploadedBy?: string | null;
  /** a subcontractor's upload in a construction project: which delivery and information type it answers */
  construction?: ConstructionUpload;
  /** who registered it on the partner routes: the bytes are taken only while that key or person still may */
  registrant?: UploadRegistrant;
}

/** The credential that registered an upload on the partner routes. */
export interface UploadRegistrant {
  /** the partner's key (or the key a session token was made from) */
  apiKeyId: string | null;
  /** a signed-in person, who must still be allowed to add documents to the building */
  userId: string | null;
  /** the personal key the person used */
  userKeyId: string | null;
}

export interface ConstructionUpload {
  projectId: string;
  deliveryId: string | null;
  subcontractorId: string | null;
  informationType: string | null;
  uploadedBy: string | null;
  /** the portal token that registered it: the bytes are taken only while that token still admits its holder */
  portalTokenId?: string | null;
}

/** The upload of one live document. */
export interface UploadRecord {
  documentId: string;
  blobKey: string;
  state: 'pending' | 'uploaded';
  /** registered through the portal: what its token is now (null: the token is gone); absent for any other upload */
  portalToken?: PortalTokenFacts | null;
  /** registered on the partner routes by a key or a person: what they are now; absent for any other upload */
  registrant?: RegistrantFacts;
}

export interface RegistrantFacts {
  /** the key that registered it (a partner's, or the person's own) is revoked, or gone */
  keyRevoked: boolean;
  /** when the personal key that registered it expires (null: it does not) */
  keyExpiresAt: Date | null;
  /** the person who registered it is deactivated, gone, or no longer has a role that adds documents to the building */
  personRemoved: boolean;
}

export interface PortalTokenFacts {
  revoked: boolean;
  expiresAt: Date;
  subcontractorRemoved: boolean;
  projectActive: boolean;
}

export interface UploadsRepository {
  insertPending(document: NewDocument): Promise<void>;
  /** a person's name, as their uploads are labelled */
  personName(userId: string): Promise<string | null>;
  /** a live document of the building (the visibility rule), with what supersedes it; null when there is none */
  findReplaceable(params: { buildingId: string; documentId: string }): Promise<{ supersededBy: string | null } | null>;
  /** the upload of a live (not archived) document */
  findUpload(documentId: string): Promise<UploadRecord | null>;
  /** archives a registration whose bytes are refused; false when it was no longer pending */
  archivePending(params: { documentId: string; at: Date }): Promise<boolean>;
  /**
   * Claims a pending upload for one attempt before any of its bytes are written: false when the upload is not pending
   * or another attempt holds a claim made after `staleBefore`.
   */
  claimUpload(params: { documentId: string; attemptId: string; at: Date; staleBefore: Date }): Promise<boolean>;
  /** gives up an attempt's claim (its bytes never completed), so that another attempt may start */
  releaseClaim(params: { documentId: string; attemptId: string }): Promise<void>;
  /**
   * pending -> uploaded with the attempt's bytes (`blobKey`), and the processing job enqueued in the same transaction;
   * false when the document was no longer pending, the claim is not this attempt's (`attemptId` null: an arrival in
   * object storage, which no attempt claims), or its portal token, key or person no longer admits it at `at`
   */
  completeUpload(params: {
    documentId: string;
    attemptId: string | null;
    blobKey: string;
    size: number;
    md5: string | null;
    contentType: string | null;
    at: Date;
  }): Promise<boolean>;
  /** uploads not yet arrived (object storage is asked whether they are there) */
  listPendingUploads(params: { createdAfter: Date; limit: number }): Promise<{ id: string; blobKey: string }[]>;
  /** archives registrations whose bytes never came, made before `createdBefore`; answers how many */
  archiveAbandonedUploads(params: { createdBefore: Date; at: Date }): Promise<number>;
}

/** an upload URL is valid this long; the document stays pending until the bytes arrive */
const UPLOAD_URL_SECONDS = 24 * 3600;
/**
 * A portal upload's URL lives an hour: the portal page PUTs right after registering (and registers anew when a URL is
 * refused), and a saved URL should not be worth much once the page has gone. Completion checks the token anyway.
 */
const PORTAL_UPLOAD_URL_SECONDS = 3600;

/**
 * Why an upload may no longer complete at `at`: its portal token, or the key or person that registered it, no longer
 * admits it. Null while they do, and for an upload registered by none of them (an import, or one registered before
 * migration 0058).
 */
function closureOf(upload: UploadRecord, at: Date): UploadClosure | null {
  if (upload.registrant) {
    const registrant = upload.registrant;
    if (registrant.keyRevoked) return 'key_revoked';
    if (registrant.keyExpiresAt !== null && registrant.keyExpiresAt.getTime() <= at.getTime()) return 'key_expired';
    if (registrant.personRemoved) return 'person_removed';
  }
  if (upload.portalToken === undefined) return null;
  // a token that is gone was revoked, or went with its subcontractor or project
  if (upload.portalToken === null) return 'portal_token_revoked';
  const token = upload.portalToken;
  if (!token.projectActive) return 'project_closed';
  if (token.subcontractorRemoved) return 'subcontractor_removed';
  if (token.revoked) return 'portal_token_revoked';
  if (token.expiresAt.getTime() <= at.getTime()) return 'portal_token_expired';
  return null;
}

/** the document an upload key belongs to (`documents/<owner>/<building>/<id>/original`) */
function documentIdOfKey(key: string): string | null {
  const match = /^documents\/[^/]+\/[^/]+\/([0-9a-f-]{36})\/original$/.exec(key);
  return match?.[1] ?? null;
}

/** the credential behind a principal, which the bytes of its upload must find still admitted */
function registrantOf(principal: Principal): UploadRegistrant | null {
  switch (principal.kind) {
    case 'api_key':
    case 'session_token':
      return { apiKeyId: principal.apiKeyId, userId: null, userKeyId: null };
    case 'user':
      return {
        apiKeyId: null,
        userId: principal.userId,
        userKeyId: principal.via.kind === 'personal_key' ? principal.via.keyId : null,
      };
    case 'subcontractor':
      // the portal registers by its own route, which names the token (ConstructionUpload.portalTokenId)
      return null;
  }
}

/**
 * Where one attempt's bytes are kept: an object of its own next to the upload key, which no URL handed out names, so
 * nothing written after the attempt was accepted can change the bytes the document points to.
 */
function attemptKeyOf(uploadKey: string, attemptId: string): string {
  return uploadKey.replace(/\/original$/, `/${attemptId}/original`);
}

/**
 * How a document's bytes get in: a caller registers the upload and gets a URL; the bytes arrive at that URL (our
 * embedded storage receives them, or object storage tells us by an event or when polled); then processing starts.
 * The caller may be anyone the access rules let write to the target (a partner key today, the subcontractor portal
 * next), so registration takes the principal and the target and leaves the decision to the access service.
 */
export function createUploadsService(deps: {
  repository: UploadsRepository;
  access: AccessService;
  blobs: BlobStore;
  clock: { now(): Date };
  maxUploadBytes: number;
  /** how long an attempt's claim holds: the server's request timeout, after which no attempt can still be receiving */
  claimSeconds: number;
}) {
  const { repository, access, blobs, clock } = deps;

  async function requestUpload(params: {
    principal: Principal;
    target: UploadTarget;
    filename: string;
    originalCreatedAt?: Date;
    serialNumber?: string;
    /** a new version of this live document of the same building */
    replacesDocumentId?: string;
  }): Promise<{ documentId: string; uploadUrl: string }> {
    const placement = await access.authorizeUpload({ principal: params.principal, target: params.target });
    const uploadedBy = params.principal.kind === 'user' ? await repository.personName(params.principal.userId) : null;
    const registrant = registrantOf(params.principal);
    return register({
      ...params,
      placement,
      ...(uploadedBy ? { uploadedBy } : {}),
      ...(registrant ? { registrant } : {}),
    });
  }

  /**
   * A pending document and the URL its bytes go to, where the caller has already been let in (the subcontractor
   * portal decides by its token): the same blob store and pipeline as every other upload.
   */
  async function register(params: {
    placement: { ownerId: string; buildingId: string };
    filename: string;
    originalCreatedAt?: Date;
    serialNumber?: string;
    replacesDocumentId?: string;
    uploadedBy?: string;
    construction?: ConstructionUpload;
    registrant?: UploadRegistrant;
  }): Promise<{ documentId: string; uploadUrl: string }> {
    const { placement } = params;
    const { filename, originalPath } = splitUploadPath(params.filename);
    if (filename === '') throw invalidFilename();
    if (params.replacesDocumentId !== undefined) {
      const replaced = await repository.findReplaceable({
        buildingId: placement.buildingId,
        documentId: params.replacesDocumentId,
      });
      // another building's document, an archived one, or none: as for any unknown id
      if (!replaced) throw documentNotFound();
      if (replaced.supersededBy !== null) throw replacedDocumentSuperseded();
    }
    const id = newId.uuid();
    const blobKey = documentBlobKey({ ownerId: placement.ownerId, buildingId: placement.buildingId, documentId: id });
    await repository.insertPending({
      id,
      buildingId: placement.buildingId,
      ownerId: placement.ownerId,
      parentDocumentId: null,
      filename,
      originalPath,
      extension: extensionOf(filename),
      blobKey,
      serialNumber: params.serialNumber ?? null,
      originalCreatedAt: params.originalCreatedAt ?? null,
      createdAt: clock.now(),
      replacesDocumentId: params.replacesDocumentId ?? null,
      uploadedBy: params.uploadedBy ?? null,
      ...(params.construction ? { construction: params.construction } : {}),
      ...(params.registrant ? { registrant: params.registrant } : {}),
    });
    const uploadUrl = await blobs.signedUploadUrl(blobKey, {
      expiresInSeconds: params.construction?.portalTokenId ? PORTAL_UPLOAD_URL_SECONDS : UPLOAD_URL_SECONDS,
    });
    return { documentId: id, uploadUrl };
  }

  /**
   * Bytes PUT to our own signed upload URL (embedded storage), or fetched by the service itself. The attempt claims
   * the upload before it writes a byte (a second PUT meanwhile is refused), writes to an object of its own with size
   * and MD5 computed on the way, and the document is switched to that object only if the attempt still holds the
   * claim when its body is complete. A refused or failed attempt leaves no bytes behind.
   */
  async function receiveUpload(params: {
    key: string;
    body: Readable;
    contentType: string | null;
    declaredLength: number | null;
  }): Promise<{ size: number; md5: string }> {
    const documentId = documentIdOfKey(params.key);
    const upload = documentId ? await repository.findUpload(documentId) : null;
    if (!upload || !documentId) throw documentNotFound();
    if (upload.state !== 'pending') throw uploadAlreadyCompleted();
    if (upload.blobKey !== params.key) throw documentNotFound();
    const closure = await closeIfRefused(upload);
    if (closure) throw uploadClosed(closure);
    if (params.declaredLength !== null && params.declaredLength > deps.maxUploadBytes) {
      throw uploadTooLarge(deps.maxUploadBytes);
    }
    const attemptId = newId.uuid();
    const now = clock.now();
    const claimed = await repository.claimUpload({
      documentId,
      attemptId,
      at: now,
      staleBefore: new Date(now.getTime() - deps.claimSeconds * 1000),
    });
    if (!claimed) {
      const current = await repository.findUpload(documentId);
      throw current?.state === 'pending' ? uploadInProgress() : uploadAlreadyCompleted();
    }
    const attemptKey = attemptKeyOf(params.key, attemptId);
    let stored: { size: number; md5: string };
    try {
      stored = await blobs.put(attemptKey, params.body, {
        maxBytes: deps.maxUploadBytes,
        ...(params.contentType ? { contentType: params.contentType } : {}),
      });
    } catch (error) {
      await discardAttempt({ documentId, attemptId, attemptKey });
      if (error instanceof BlobTooLargeError) throw uploadTooLarge(deps.maxUploadBytes);
      throw error;
    }
    let completed = false;
    try {
      completed = await repository.completeUpload({
        documentId,
        attemptId,
        blobKey: attemptKey,
        ...stored,
        contentType: params.contentType,
        at: clock.now(),
      });
    } finally {
      if (!completed) await discardAttempt({ documentId, attemptId, attemptKey });
    }
    if (!completed) {
      // its token, key or person may have stopped admitting it while the bytes came in
      const current = await repository.findUpload(documentId);
      const closure = current?.state === 'pending' ? await closeIfRefused(current) : null;
      if (closure) throw uploadClosed(closure);
      // archived meanwhile (a key revoked, a subcontractor removed, with its uploads): as for any unknown upload
      throw current ? uploadAlreadyCompleted() : documentNotFound();
    }
    return stored;
  }

  /**
   * An upload is the act of the credential that registered it. A portal upload is the token's: once the token no
   * longer admits its holder (revoked, expired, its subcontractor removed, its project handed over or archived) the
   * saved URL takes nothing. One registered on the partner routes is its key's or its person's: once the key is revoked
   * (or expired), or the person deactivated or without the role that let them add it, likewise ("a revoked key stops
   * at once"). The registration is archived, so that no later arrival completes it. Answers why it was closed; null
   * when it may complete.
   */
  async function closeIfRefused(upload: UploadRecord): Promise<UploadClosure | null> {
    const now = clock.now();
    const closure = closureOf(upload, now);
    if (closure) await repository.archivePending({ documentId: upload.documentId, at: now });
    return closure;
  }

  /** the bytes of an attempt that did not become the document's, and its claim if it still holds one */
  async function discardAttempt(params: { documentId: string; attemptId: string; attemptKey: string }) {
    await Promise.allSettled([
      blobs.delete(params.attemptKey),
      repository.releaseClaim({ documentId: params.documentId, attemptId: params.attemptId }),
    ]);
  }

  /**
   * A file the service fetches itself (an import from a storage provider): registered like any upload, its bytes
   * streamed into storage under the size limit, then processing starts, as for a PUT to the upload URL.
   */
  async function ingest(params: {
    placement: { ownerId: string; buildingId: string };
    filename: string;
    body: Readable;
    contentType: string | null;
    declaredLength: number | null;
    construction?: ConstructionUpload;
  }): Promise<{ documentId: string }> {
    const { documentId } = await register(params);
    const key = documentBlobKey({ ...params.placement, documentId });
    try {
      await receiveUpload({
        key,
        body: params.body,
        contentType: params.contentType,
        declaredLength: params.declaredLength,
      });
    } catch (error) {
      // no one will send these bytes again (an import skips the file and goes on): the registration is archived at
      // once rather than left in the building's list as a pending document until the abandoned-upload sweep, and the
      // source's stream, unread when the size was refused up front, is closed
      params.body.destroy();
      await repository.archivePending({ documentId, at: clock.now() });
      throw error;
    }
    return { documentId };
  }

  /**
   * An object arrived in object storage (S3 event, or found by the poller) under an upload key, which the client's
   * pre-signed URL may write again at any time. The arrived version is copied (only if it is still the one reported)
   * to an object of its own that no URL names, and the document switched to that copy while still pending; then
   * processing starts. Bytes that arrive after the upload completed, or a copy that lost a race, are deleted.
   */
  async function objectArrived(params: {
    key: string;
    size: number;
    etag: string | null;
    contentType: string | null;
  }): Promise<boolean> {
    const documentId = documentIdOfKey(params.key);
    if (!documentId) return false;
    const upload = await repository.findUpload(documentId);
    if (!upload) return false;
    if (upload.state !== 'pending') {
      // a later PUT to a URL of a completed upload: its bytes are never the document's (older documents point at
      // the upload key itself and are left alone)
      if (upload.blobKey !== params.key) await blobs.delete(params.key);
      return false;
    }
    if (upload.blobKey !== params.key) return false;
    if (await closeIfRefused(upload)) {
      await blobs.delete(params.key);
      return false;
    }
    // a pre-signed PUT takes up to 5 GB whatever the limit: bytes over it are refused as a PUT of them here is (413),
    // and the upload stays pending for a file within it
    if (params.size > deps.maxUploadBytes) {
      await blobs.delete(params.key);
      return false;
    }
    const etag = params.etag?.replace(/"/g, '') ?? null;
    // a multipart upload's ETag is not an MD5; the pipeline computes it then
    const md5 = etag && /^[0-9a-f]{32}$/i.test(etag) ? etag.toLowerCase() : null;
    const attemptKey = attemptKeyOf(params.key, newId.uuid());
    const copied = await blobs.copy(params.key, attemptKey, etag ? { ifEtag: etag } : {});
    // a single-part object's ETag is its MD5, and so is its copy's: a copy of other bytes is refused even where the
    // storage ignores the copy condition
    const sameBytes = copied !== null && (md5 === null || copied.etag?.toLowerCase() === md5);
    if (!copied || !sameBytes) {
      // overwritten since it was reported: the newer version's own arrival takes it from here
      await blobs.delete(attemptKey);
      return false;
    }
    // the size of what was copied, whatever the notification said (S3 may send none); the upload key may hold a newer
    // version by now, so it is left to that version's arrival (or the poller) to judge
    if (copied.size > deps.maxUploadBytes) {
      await blobs.delete(attemptKey);
      return false;
    }
    let completed = false;
    try {
      completed = await repository.completeUpload({
        documentId,
        attemptId: null,
        blobKey: attemptKey,
        size: copied.size,
        md5,
        contentType: params.contentType,
        at: clock.now(),
      });
    } finally {
      if (!completed) await blobs.delete(attemptKey);
    }
    // the upload key's object is no longer anyone's: what the URL writes from now on is deleted on arrival
    if (completed) await blobs.delete(params.key);
    return completed;
  }

  /** Asks storage whether pending uploads of the last day have arrived; returns how many had. */
  async function pollPendingUploads(): Promise<number> {
    const pending = await repository.listPendingUploads({
      createdAfter: new Date(clock.now().getTime() - 25 * 3600_000),
      limit: 1000,
    });
    let arrived = 0;
    for (const upload of pending) {
      const head = await blobs.head(upload.blobKey);
      if (!head) continue;
      const done = await objectArrived({
        key: upload.blobKey,
        size: head.size,
        etag: head.etag ?? null,
        contentType: head.contentType ?? null,
      });
      if (done) arrived++;
    }
    return arrived;
  }

  /**
   * A registration whose upload URL expired unused never gets its bytes: it is archived (a pending document never
   * counted in a status, but it would stay in the table for good). An hour's grace after the URL's end lets a slow
   * upload that started in time finish.
   */
  async function sweepAbandonedUploads(): Promise<number> {
    const now = clock.now();
    return repository.archiveAbandonedUploads({
      createdBefore: new Date(now.getTime() - (UPLOAD_URL_SECONDS + 3600) * 1000),
      at: now,
    });
  }

  return { requestUpload, register, receiveUpload, ingest, objectArrived, pollPendingUploads, sweepAbandonedUploads };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
