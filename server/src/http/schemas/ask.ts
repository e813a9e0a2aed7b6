import { Type, type Static, type TProperties } from '@sinclair/typebox';

/** The request of both ask operations (building and building owner), as the partner spec lists it. */

/** Parameters accepted in the query string or the JSON body (the body wins), as the spec's table names them. */
const askParameters = {
  query: Type.Optional(Type.String({ minLength: 1, maxLength: 5000, description: 'the question; required' })),
  language: Type.Optional(
    Type.Union([Type.Literal('en'), Type.Literal('no'), Type.Literal('nb'), Type.Literal('nn')], {
      description: "answer language; default: the question's language",
    }),
  ),
  thread_id: Type.Optional(Type.String({ format: 'uuid', description: 'continues a thread' })),
  stream: Type.Optional(
    Type.Boolean({ description: 'true: Server-Sent Events (start, action, thinking, text, finish, error)' }),
  ),
  mode: Type.Optional(Type.Union([Type.Literal('fast'), Type.Literal('balanced'), Type.Literal('deep')])),
  reasoning_effort: Type.Optional(
    Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')], {
      description: 'deprecated; high = deep, low and medium = balanced; ignored when mode is set',
    }),
  ),
  use_agentic_rag: Type.Optional(Type.Boolean({ description: 'deprecated; false is rejected' })),
} satisfies TProperties;

export const AskQuery = Type.Object(askParameters, { additionalProperties: false });

/** The JSON body: the same parameters, documents to attach, and what an operation adds (`extra`). */
export function askBody<T extends TProperties>(extra: T) {
  return Type.Union([
    Type.Object(
      {
        ...askParameters,
        attached_document_ids: Type.Optional(
          Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
            maxItems: 50,
            description: 'documents always used as context',
          }),
        ),
        ...extra,
      },
      { additionalProperties: false },
    ),
    Type.Null(),
  ]);
}

/** The parameters from either place, merged. */
export type AskParameters = Static<typeof AskQuery> & { attached_document_ids?: string[] };
