import { notFound, type AppError } from '../shared/errors.js';
import type { Country } from './checklist.js';

/** Report failures; codes are part of the API. */

/** no ready report of the building (of that country, when one was asked for) */
export function reportNotFound(country?: Country): AppError {
  return notFound(
    'report',
    country
      ? `No ${country} report has been generated for this building`
      : 'No report has been generated for this building',
  );
}

export function reportItemNotFound(): AppError {
  return notFound('report_item');
}

/** the document to link as evidence is not one the caller may see in this building */
export function evidenceDocumentNotFound(): AppError {
  return notFound('document');
}

export function documentNotLinked(): AppError {
  return notFound('report_item_document', 'The document is not linked to this item');
}
