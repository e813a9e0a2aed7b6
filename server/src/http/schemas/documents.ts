import { Type } from '@sinclair/typebox';
import { Id } from './common.js';

export const DocumentParams = Type.Object({
  buildingOwnerId: Id('building owner id'),
  buildingId: Id('building id'),
  documentId: Id('document id'),
});

/** `latest_revisions=true`: superseded revisions and versions left out (and not counted); any other value but false: 400 */
export const LatestRevisionsQuery = Type.Boolean({
  default: false,
  description: 'true: leave out documents superseded by a newer revision or version (decisions.md)',
});
