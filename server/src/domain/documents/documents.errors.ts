import { forbidden, invalidField, notFound, type AppError } from '../shared/errors.js';

/** decided by the access rules (domain/access), re-exported where this feature's errors are looked for */
export { documentNotFound } from '../access/access.errors.js';

/** Document failures, and those of the signed links that serve a document's files; codes are part of the API. */

export function invalidFilename(): AppError {
  return invalidField('/filename', 'must name a file');
}

export function invalidBuildingCategory(): AppError {
  return invalidField('/buildingCategory', 'is not an NS 3451 code (2 to 4 digits, e.g. 36 or 3611) or MSC');
}

export function unknownInformationType(id: string, primary: boolean): AppError {
  return invalidField(
    primary ? '/informationType' : '/informationTypes',
    `"${id.slice(0, 80)}" is not a known information type id (the FDV types, or drawing, model, report ...)`,
  );
}

export function updatedSinceNeedsUpdatedAtSort(): AppError {
  return invalidField('/updated_since', 'requires sort_by=updatedAt');
}

export function pageRangeReversed(): AppError {
  return invalidField('/to', 'must not be below from');
}

/** a signed link names a file that is not (or no longer) stored */
export function fileNotFound(): AppError {
  return notFound('file');
}

export function linkExpired(): AppError {
  return forbidden('url.expired', 'This link has expired; ask for a new one');
}

export function linkInvalid(): AppError {
  return forbidden('url.invalid_signature', 'This link is not valid (it was changed or was not made by this service)');
}
