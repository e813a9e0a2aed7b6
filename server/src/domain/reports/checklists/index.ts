/** Every shipped checklist, by country and version. */
import type { Checklist, Country, ReportVersion } from '../checklist.js';
import { GB_V1 } from './gb.v1.js';
import { GB_V2 } from './gb.v2.js';
import { NO_V1 } from './no.v1.js';
import { NO_V2 } from './no.v2.js';

const CHECKLISTS: Record<Country, Record<ReportVersion, Checklist>> = {
  NO: { v1: NO_V1, v2: NO_V2 },
  GB: { v1: GB_V1, v2: GB_V2 },
};

export function checklistFor(country: Country, version: ReportVersion): Checklist {
  return CHECKLISTS[country][version];
}

export function allChecklists(): Checklist[] {
  return Object.values(CHECKLISTS).flatMap((byVersion) => Object.values(byVersion));
}
