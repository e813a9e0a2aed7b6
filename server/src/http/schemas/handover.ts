import { Type, type TSchema } from '@sinclair/typebox';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Approval = Nullable(Type.Union([Type.Literal('APPROVED'), Type.Literal('DECLINED')]));

const HandoverRevisionSchema = Type.Object({
  documentId: Type.String(),
  filename: Type.String(),
  revision: Nullable(Type.String()),
  uploadedAt: Nullable(Type.String()),
});

export const HandoverBody = Type.Object(
  {
    buildingOwnerId: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'the building owner of the document platform that receives the project',
    }),
    dryRun: Type.Optional(
      Type.Boolean({ description: 'report what would move and what is incomplete; change nothing' }),
    ),
    country: Type.Optional(
      Type.Union([Type.Literal('NO'), Type.Literal('GB')], {
        description: 'the deficiency checklist run on each building: NO (TEK17, default) or GB (Building Safety Act)',
      }),
    ),
  },
  { additionalProperties: false },
);

/** the handover report (JSON); GET .../handover/report.pdf prints the same */
export const HandoverReportSchema = Type.Object({
  id: Nullable(Type.String({ description: 'null on a dry run' })),
  dryRun: Type.Boolean(),
  project: Type.Object({
    id: Type.String(),
    name: Type.String(),
    projectNumber: Nullable(Type.String()),
    customerId: Type.String(),
    customerName: Type.String(),
  }),
  buildingOwner: Type.Object({ id: Type.String(), name: Type.String() }),
  at: Type.String({ format: 'date-time' }),
  by: Type.Object({ userId: Nullable(Type.String()), name: Type.String() }),
  summary: Type.Object({
    buildings: Type.Integer(),
    documents: Type.Integer(),
    archivedDocuments: Type.Integer(),
    bytes: Type.Integer(),
    deliveries: Type.Integer(),
    informationTypesExpected: Type.Integer(),
    informationTypesDelivered: Type.Integer(),
    informationTypesApproved: Type.Integer(),
    informationTypesDeclined: Type.Integer(),
    incomplete: Type.Integer(),
  }),
  deliveries: Type.Array(
    Type.Object({
      id: Type.String(),
      label: Type.String(),
      buildingCategory: Type.String(),
      fullCategory: Type.String(),
      discipline: Nullable(Type.String()),
      subcontractor: Nullable(Type.Object({ id: Type.String(), companyName: Type.String() })),
      state: Type.String(),
      expected: Type.Integer(),
      delivered: Type.Integer(),
      approved: Type.Integer(),
      declined: Type.Integer(),
      informationTypes: Type.Array(
        Type.Object({
          informationType: Type.String(),
          expected: Type.Boolean(),
          documents: Type.Integer(),
          approvalStatus: Approval,
          verifiedBy: Nullable(Type.String()),
          verifiedAt: Nullable(Type.String()),
          comment: Nullable(Type.String()),
          state: Type.String(),
        }),
      ),
    }),
  ),
  buildings: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      documents: Type.Integer(),
      archivedDocuments: Type.Integer(),
      bytes: Type.Integer(),
      deficiencies: Type.Object({
        country: Type.String(),
        version: Type.String(),
        complete: Type.Integer(),
        partial: Type.Integer(),
        missing: Type.Integer(),
        notApplicable: Type.Integer(),
        themes: Type.Array(
          Type.Object({
            theme: Type.String(),
            progress: Type.Integer(),
            total: Type.Integer(),
            percentage: Type.Number(),
          }),
        ),
        items: Type.Array(
          Type.Object({
            nameId: Type.String(),
            theme: Type.String(),
            name: Type.String(),
            laws: Type.String(),
            status: Type.String(),
            comment: Type.String(),
          }),
        ),
      }),
    }),
  ),
  files: Type.Array(
    Type.Object({
      documentId: Type.String(),
      buildingId: Type.String(),
      path: Type.String(),
      filename: Type.String(),
      size: Type.Integer(),
      md5: Nullable(Type.String()),
      buildingCategory: Nullable(Type.String()),
      informationTypes: Type.Array(Type.String()),
      deliveryId: Nullable(Type.String()),
      deliveryInformationType: Nullable(Type.String()),
      approvalStatus: Approval,
      progressStatus: Nullable(Type.String()),
      subcontractorId: Nullable(Type.String()),
      parentDocumentId: Nullable(Type.String()),
      uploadedAt: Nullable(Type.String()),
      // reports stored before issue 45 lack them
      drawingNumber: Type.Optional(Nullable(Type.String())),
      drawingRevision: Type.Optional(Nullable(Type.String())),
      supersededBy: Type.Optional(Nullable(Type.String())),
    }),
  ),
  drawings: Type.Optional(
    Type.Array(
      Type.Object({
        buildingId: Type.String(),
        drawingNumber: Nullable(Type.String()),
        current: HandoverRevisionSchema,
        history: Type.Array(HandoverRevisionSchema, { description: 'superseded revisions and versions, newest first' }),
      }),
      { description: 'the current revision of each drawing (and version of each file) with its history' },
    ),
  ),
  incomplete: Type.Array(
    Type.Object({
      code: Type.String(),
      message: Type.String(),
      buildingId: Type.Optional(Type.String()),
      deliveryId: Type.Optional(Type.String()),
      informationType: Type.Optional(Type.String()),
      documentId: Type.Optional(Type.String()),
    }),
  ),
});
