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
