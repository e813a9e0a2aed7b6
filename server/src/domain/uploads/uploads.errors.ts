import { AppError } from '../shared/errors.js';

/** Upload failures; codes are part of the API. An upload URL naming no pending document is `documentNotFound`. */

export function uploadAlreadyCompleted(): AppError {
  return new AppError({
    code: 'upload.already_completed',
    kind: 'conflict',
    message: 'This upload has already been received',
  });
}

export function uploadTooLarge(maxBytes: number): AppError {
  return new AppError({
    code: 'upload.too_large',
    kind: 'too_large',
    message: `The file is larger than the limit of ${maxBytes} bytes`,
  });
}

export function uploadInProgress(): AppError {
  return new AppError({
    code: 'upload.in_progress',
    kind: 'conflict',
    message: 'Another upload of this file is in progress; try again once it has finished or failed',
  });
}

/** a new version can only replace the latest one: the document named already has a newer revision or version */
export function replacedDocumentSuperseded(): AppError {
  return new AppError({
    code: 'document.superseded',
    kind: 'conflict',
    message: 'The document named in replacesDocumentId is already superseded; name the latest version',
  });
}

/** why a portal upload may no longer complete */
export type PortalUploadClosure =
  'project_closed' | 'subcontractor_removed' | 'portal_token_revoked' | 'portal_token_expired';

/** why an upload registered on the partner routes may no longer complete: its key, or its person, no longer may */
export type RegistrantUploadClosure = 'key_revoked' | 'key_expired' | 'person_removed';

export type UploadClosure = PortalUploadClosure | RegistrantUploadClosure;

/**
 * An upload refused because the credential that registered it no longer admits its holder (a portal token, a key, a
 * person who may no longer write to the building): 410, as the registration is archived and its URL takes nothing
 * ever again. Codes: `upload.<reason>`.
 */
export function uploadClosed(reason: UploadClosure): AppError {
  const why: Record<UploadClosure, string> = {
    project_closed: 'the project is no longer active',
    subcontractor_removed: 'the subcontractor was removed from the project',
    portal_token_revoked: 'the portal link that registered it was revoked',
    portal_token_expired: 'the portal link that registered it has expired',
    key_revoked: 'the key that registered it was revoked',
    key_expired: 'the key that registered it has expired',
    person_removed: 'the person who registered it may no longer add documents to the building',
  };
  return new AppError({ code: `upload.${reason}`, kind: 'gone', message: `This upload was closed: ${why[reason]}` });
}
