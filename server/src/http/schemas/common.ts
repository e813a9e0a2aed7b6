import { Type, type TSchema } from '@sinclair/typebox';

export const Id = (description: string) => Type.String({ minLength: 1, maxLength: 200, description });

export const OwnerParams = Type.Object({ buildingOwnerId: Id('building owner id') });
export const BuildingParams = Type.Object({ buildingOwnerId: Id('building owner id'), buildingId: Id('building id') });

export const Name = Type.String({ minLength: 1, maxLength: 500, pattern: '\\S', description: 'not blank' });

export const PageQuery = (defaults: { limit: number }) =>
  Type.Object(
    {
      limit: Type.Integer({ minimum: 1, maximum: 1000, default: defaults.limit }),
      next_token: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
    },
    { additionalProperties: false },
  );

export const Timestamp = Type.String({ format: 'date-time' });

const ProblemSchema = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    code: Type.String({ description: 'stable error code, e.g. document.not_found' }),
    errors: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
    instance: Type.Optional(Type.String()),
    requestId: Type.Optional(Type.String()),
  },
  { $id: undefined, description: 'application/problem+json (RFC 9457)' },
);

/** Error responses every partner route may give, for the OpenAPI document. */
export function withProblems<T extends Record<number, TSchema>>(
  success: T,
  statuses: number[] = [400, 401, 403, 404, 429],
) {
  const problems: Record<number, TSchema> = {};
  for (const status of statuses) problems[status] = ProblemSchema;
  return { ...problems, ...success };
}

export const SuccessSchema = Type.Object({ success: Type.Literal(true) });

/** The processing flags of the spec, shared by the document status and the building/owner status records. */
export const processingFlagFields = {
  extracted_text: Type.Boolean(),
  extracted_file: Type.Boolean(),
  uncompressed_package: Type.Boolean(),
  valid_file: Type.Boolean(),
  invalid_file: Type.Boolean(),
  categorised: Type.Boolean(),
  skip_extract_file: Type.Boolean(),
  text_extraction_error: Type.Boolean(),
};

export const ProcessingStatusSchema = Type.Object({
  ...processingFlagFields,
  total_documents: Type.Integer(),
  processed_documents: Type.Integer(),
  categorized_documents: Type.Integer(),
  extracted_percentage: Type.Number(),
  categorized_percentage: Type.Number(),
  duplicate_documents: Type.Integer({
    description: 'beyond the partner spec: documents that repeat the bytes (MD5) of an earlier one in their building',
  }),
});
