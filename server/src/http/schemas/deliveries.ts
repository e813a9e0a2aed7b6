import { Type, type TSchema } from '@sinclair/typebox';
import { APPROVAL_STATUSES, PROGRESS_STATUSES } from '../../domain/deliveries/progress.js';
import { MAIL_LOCALES } from '../../domain/mail/mailer.js';
import { Timestamp } from './common.js';
import { Uuid } from './people.js';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Text = (maxLength: number) => Type.String({ maxLength });

/** the spec's stricter UUID: version 1-8 and variant 8, 9, a, b; or the all-zero or all-f UUID */
export const StrictUuid = (description: string) =>
  Type.String({
    pattern:
      '^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|[fF]{8}-[fF]{4}-[fF]{4}-[fF]{4}-[fF]{12})$',
    description: `${description} (UUID, strict form)`,
  });

/** three digits, or four digits whose first is 2 to 7, or MSC */
const Category = Type.String({
  pattern: '^([0-9]{3}|[2-7][0-9]{3}|MSC)$',
  description: 'NS 3451 category: three digits, four digits starting 2-7, or MSC',
});

const ContactPerson = Type.Object(
  {
    name: Type.Optional(Text(255)),
    email: Type.Optional(Text(255)),
    phone: Type.Optional(Nullable(Text(100))),
  },
  { additionalProperties: false },
);

const ApprovalStatus = Nullable(Type.Union(APPROVAL_STATUSES.map((status) => Type.Literal(status))));

const InformationTypeItem = Type.Object(
  {
    informationType: Text(255),
    approvalStatus: Type.Optional(ApprovalStatus),
    comment: Type.Optional(Nullable(Text(2000))),
    secondaryComment: Type.Optional(Nullable(Text(2000))),
    verifiedBy: Type.Optional(Nullable(Text(255))),
    verifiedAt: Type.Optional(Nullable(Text(64))),
  },
  {
    additionalProperties: false,
    description:
      'verifiedBy and verifiedAt are set by the service when approvalStatus changes; sent values are ignored',
  },
);

const deliveryMembers = {
  buildingCategory: Category,
  fullCategory: Category,
  serialNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  description: Type.Optional(Text(2000)),
  discipline: Type.Optional(Text(255)),
  contactPerson: Type.Optional(ContactPerson),
  informationTypes: Type.Optional(Type.Array(InformationTypeItem, { maxItems: 200 })),
  informationTypesExpected: Type.Optional(Type.Array(Text(255), { maxItems: 200 })),
};

/** create: subContractorId, comment and secondaryComment are not accepted */
export const DeliveryCreateBody = Type.Object(
  { customerId: Uuid('customer id'), projectId: Uuid('project id'), ...deliveryMembers },
  { additionalProperties: false },
);

/** update: customerId and projectId are not accepted */
export const DeliveryUpdateBody = Type.Object(
  {
    ...deliveryMembers,
    buildingCategory: Type.Optional(Category),
    fullCategory: Type.Optional(Category),
    subContractorId: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
    comment: Type.Optional(Text(2000)),
    secondaryComment: Type.Optional(Text(2000)),
  },
  { additionalProperties: false },
);

export const DeliveryDeleteBody = Type.Object(
  { projectId: Type.String({ minLength: 36, maxLength: 36, description: 'exactly 36 characters' }) },
  { additionalProperties: false },
);

export const DeliveryIdParams = Type.Object({
  id: Type.String({ minLength: 36, maxLength: 36, description: 'delivery id, exactly 36 characters' }),
});

const ProgressStatus = Type.Union(PROGRESS_STATUSES.map((status) => Type.Literal(status)));

export const DeliverySchema = Type.Object({
  id: Type.String(),
  customerId: Type.String(),
  projectId: Type.String(),
  subContractorId: Nullable(Type.String()),
  buildingCategory: Type.String(),
  fullCategory: Type.String(),
  serialNumber: Nullable(Type.String()),
  description: Nullable(Type.String()),
  discipline: Nullable(Type.String()),
  comment: Nullable(Type.String()),
  secondaryComment: Nullable(Type.String()),
  contactPerson: Nullable(ContactPerson),
  informationTypes: Type.Array(
    Type.Object({
      informationType: Type.String(),
      approvalStatus: ApprovalStatus,
      comment: Nullable(Type.String()),
      secondaryComment: Nullable(Type.String()),
      verifiedBy: Nullable(Type.String()),
      verifiedAt: Nullable(Type.String()),
    }),
  ),
  informationTypesExpected: Type.Array(Type.String()),
  progress: Type.Object({
    expected: Type.Integer(),
    delivered: Type.Integer(),
    approved: Type.Integer(),
    declined: Type.Integer(),
    state: ProgressStatus,
    informationTypes: Type.Array(
      Type.Object({
        informationType: Type.String(),
        documents: Type.Integer(),
        approvalStatus: ApprovalStatus,
        state: ProgressStatus,
      }),
    ),
  }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const DeliveryListSchema = Type.Object({ deliveries: Type.Array(DeliverySchema) });

export const CopyDeliveriesBody = Type.Object(
  {
    fromProjectId: Uuid('project to copy from'),
    toProjectId: Uuid('project to copy into (same customer)'),
    deliveryIds: Type.Array(Uuid('delivery id'), { minItems: 1, maxItems: 500 }),
  },
  { additionalProperties: false },
);

export const SubcontractorEmailBody = Type.Object(
  {
    projectId: Uuid('project id'),
    subcontractorId: Uuid('subcontractor id'),
    message: Type.Optional(Text(2000)),
    locale: Type.Optional(Type.Union(MAIL_LOCALES.map((locale) => Type.Literal(locale)))),
  },
  { additionalProperties: false },
);

export const MailPreviewSchema = Type.Object({ subject: Type.String(), html: Type.String(), text: Type.String() });

// ---- subcontractors ----

const subcontractorMembers = {
  companyName: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S', description: 'not blank' }),
  organisationNumber: Type.Optional(Nullable(Text(64))),
  contactName: Type.Optional(Nullable(Text(255))),
  email: Type.String({ format: 'email', maxLength: 320 }),
  phone: Type.Optional(Nullable(Text(100))),
  disciplines: Type.Optional(Type.Array(Text(255), { maxItems: 50 })),
};

export const SubcontractorCreateBody = Type.Object(subcontractorMembers, { additionalProperties: false });
export const SubcontractorUpdateBody = Type.Object(
  {
    ...subcontractorMembers,
    companyName: Type.Optional(subcontractorMembers.companyName),
    email: Type.Optional(subcontractorMembers.email),
  },
  { additionalProperties: false },
);

export const SubcontractorSchema = Type.Object({
  id: Type.String(),
  projectId: Type.String(),
  companyName: Type.String(),
  organisationNumber: Nullable(Type.String()),
  contactName: Nullable(Type.String()),
  email: Type.String(),
  phone: Nullable(Type.String()),
  disciplines: Type.Array(Type.String()),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const SubcontractorParams = Type.Object({
  customerId: Uuid('customer id'),
  projectId: Uuid('project id'),
  subcontractorId: Uuid('subcontractor id'),
});

export const TokenCreateBody = Type.Object(
  { expiresInDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, default: 30 })) },
  { additionalProperties: false },
);

export const TokenSchema = Type.Object({
  id: Type.String(),
  createdAt: Timestamp,
  expiresAt: Timestamp,
  revokedAt: Nullable(Timestamp),
  lastUsedAt: Nullable(Timestamp),
});

// ---- construction documents ----

const Strings = Nullable(Type.Array(Text(500), { maxItems: 100 }));

export const ConstructionDocumentPatchSchema = Type.Object(
  {
    id: Type.Optional(StrictUuid('the document id')),
    buildingCategory: Type.Optional(Nullable(Text(1000))),
    discipline: Type.Optional(Nullable(Text(1000))),
    drawingCode: Type.Optional(Nullable(Text(1000))),
    drawingDate: Type.Optional(Nullable(Text(1000))),
    filename: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
    filenameDescriptive: Type.Optional(Nullable(Text(1000))),
    floor: Type.Optional(Nullable(Text(1000))),
    informationTypes: Type.Optional(Strings),
    progressStatus: Type.Optional(Nullable(ProgressStatus)),
    roomLocations: Type.Optional(Strings),
    serialNumber: Type.Optional(Nullable(Text(1000))),
    tags: Type.Optional(Strings),
    tfmCode: Type.Optional(Nullable(Text(1000))),
  },
  { additionalProperties: false },
);

export const BatchBody = Type.Object(
  {
    documents: Type.Array(
      Type.Object(
        { ...ConstructionDocumentPatchSchema.properties, id: StrictUuid('the document to change') },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 500 },
    ),
  },
  { additionalProperties: false },
);

export const ConstructionDocumentSchema = Type.Object({
  id: Type.String(),
  projectId: Nullable(Type.String()),
  buildingId: Type.String(),
  deliveryId: Nullable(Type.String()),
  subcontractorId: Nullable(Type.String()),
  deliveryInformationType: Nullable(Type.String()),
  filename: Type.String(),
  filenameDescriptive: Nullable(Type.String()),
  buildingCategory: Nullable(Type.String()),
  discipline: Nullable(Type.String()),
  drawingCode: Nullable(Type.String()),
  drawingDate: Nullable(Type.String()),
  floor: Nullable(Type.String()),
  informationTypes: Type.Array(Type.String()),
  progressStatus: Nullable(ProgressStatus),
  progressReason: Nullable(Type.String()),
  roomLocations: Type.Array(Type.String()),
  serialNumber: Nullable(Type.String()),
  tags: Type.Array(Type.String()),
  tfmCode: Nullable(Type.String()),
  size: Type.Integer(),
  mimeType: Nullable(Type.String()),
  uploaded: Type.Boolean(),
  processed: Type.Boolean(),
  uploadedBy: Nullable(Type.String()),
  updatedBy: Nullable(Type.String()),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  supersededBy: Nullable(
    Type.String({ description: 'the next newer revision or version of this document; null when it is the latest' }),
  ),
  isLatestRevision: Type.Boolean({ description: 'exactly supersededBy === null' }),
});

export const SignedUrlSchema = Type.Object({ url: Type.String(), expiresAt: Timestamp });

export const HistorySchema = Type.Object({
  history: Type.Array(
    Type.Object({
      field: Type.String(),
      oldValue: Type.Unknown(),
      newValue: Type.Unknown(),
      changedAt: Timestamp,
      actor: Type.Object({
        kind: Type.String(),
        userId: Nullable(Type.String()),
        label: Nullable(Type.String()),
      }),
    }),
  ),
});

export const UploadRequestBody = Type.Object(
  {
    buildingId: Type.String({ minLength: 1, maxLength: 200 }),
    filename: Type.String({ minLength: 1, maxLength: 2000 }),
    projectId: Type.Optional(Type.String({ maxLength: 200 })),
    packageId: Type.Optional(Type.String({ maxLength: 200 })),
    uploadedBy: Type.Optional(Type.String({ maxLength: 255 })),
    parentFolderId: Type.Optional(Type.String({ maxLength: 200 })),
    deliveryId: Type.Optional(Uuid('the delivery this upload answers')),
    informationType: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    replacesDocumentId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description:
          "one of the subcontractor's own latest documents in the same building this file is a new version of: once " +
          'uploaded, it supersedes that document (400 naming the field for a document out of reach, 409 when it is ' +
          'already superseded); without deliveryId and informationType the new version answers the same ones',
      }),
    ),
  },
  { additionalProperties: false },
);

export const SUBCONTRACTOR_SECURITY: Record<string, string[]>[] = [{ subcontractorToken: [] }];
