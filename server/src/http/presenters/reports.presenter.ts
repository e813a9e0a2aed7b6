import { Type } from '@sinclair/typebox';
import type { ResolvedItem, ResolvedReport } from '../../domain/reports/resolve.js';
import { Id, Timestamp } from '../schemas/common.js';

export const ReportItemParams = Type.Object({
  buildingOwnerId: Id('building owner id'),
  buildingId: Id('building id'),
  itemId: Id('report item id'),
});

export const ReportItemDocumentParams = Type.Object({
  buildingOwnerId: Id('building owner id'),
  buildingId: Id('building id'),
  itemId: Id('report item id'),
  documentId: Id('document id'),
});

export const CountrySchema = Type.Union([Type.Literal('NO'), Type.Literal('GB')], {
  description:
    'NO: Norwegian regulations (TEK17, SAK10 ...); GB: UK regulations (Building Safety Act, Approved Documents ...)',
});

export const LocaleSchema = Type.Union(
  [Type.Literal('en'), Type.Literal('nb'), Type.Literal('no'), Type.Literal('nn')],
  {
    description: 'en or nb (no and nn are read as nb); default from the country: NO -> nb, GB -> en',
  },
);

export const LocaleQuery = Type.Object({ locale: Type.Optional(LocaleSchema) }, { additionalProperties: false });

export const ReportItemSchema = Type.Object({
  id: Type.String(),
  nameId: Type.String({ description: 'stable checklist id, e.g. fire_safety.design' }),
  theme: Type.String({ description: 'the theme’s name in the report’s locale' }),
  name: Type.String(),
  description: Type.String(),
  laws: Type.String({ description: 'legal basis, e.g. "TEK17 § 11-11"' }),
  discipline: Type.String({ description: 'responsible discipline codes, ;-separated, or ALL' }),
  nameParentId: Type.Union([Type.String(), Type.Null()]),
  comment: Type.String({ description: 'evidence found and what is missing, or the comment a person wrote' }),
  status: Type.Union(
    [Type.Literal('complete'), Type.Literal('partial'), Type.Literal('missing'), Type.Literal('not_applicable')],
    { description: 'complete, partial, missing or not_applicable' },
  ),
  parentId: Type.Union([Type.String(), Type.Null()], { description: 'null for the themes at the top' }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const BuildingReportSchema = Type.Object({
  themes: Type.Array(ReportItemSchema, { description: 'every item, themes first in each group, nested by parentId' }),
  progressDetails: Type.Array(
    Type.Object({
      theme: Type.String(),
      progress: Type.Integer({ description: 'complete items' }),
      total: Type.Integer({ description: 'items that apply to the building' }),
      percentage: Type.Integer(),
    }),
  ),
});

export function presentReportItem(item: ResolvedItem) {
  return {
    id: item.id,
    nameId: item.nameId,
    theme: item.theme,
    name: item.name,
    description: item.description,
    laws: item.laws,
    discipline: item.discipline,
    nameParentId: item.nameParentId,
    comment: item.comment,
    status: item.status,
    parentId: item.parentId,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}

export function presentReport(report: ResolvedReport) {
  return {
    themes: report.items.map(presentReportItem),
    progressDetails: report.progressDetails.map((p) => ({ ...p })),
  };
}
