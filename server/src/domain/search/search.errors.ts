import { invalid, invalidField, type AppError } from '../shared/errors.js';

/** Search failures; codes are part of the API. */

export function blankSearchQuery(): AppError {
  return invalidField('/query', 'must contain a search term');
}

/** rule 6: a key scoped to many individual buildings searches per building */
export function tooManyBuildingsToSearch(params: { buildings: number; max: number }): AppError {
  return invalid(
    'search.too_many_buildings',
    `This credential is scoped to ${params.buildings} individual buildings; owner-wide search covers at ` +
      `most ${params.max}. Search per building instead ` +
      '(GET /building_owners/{buildingOwnerId}/buildings/{buildingId}/search).',
  );
}
