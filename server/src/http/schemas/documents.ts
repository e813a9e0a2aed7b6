import { Type } from '@sinclair/typebox';
import { Id } from './common.js';

export const DocumentParams = Type.Object({
  buildingOwnerId: Id('building owner id'),
  buildingId: Id('building id'),
  documentId: Id('document id'),
});
