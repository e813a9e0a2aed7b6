import { createRequire } from 'node:module';
import { Type, type TObject, type TProperties } from '@sinclair/typebox';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats ships CommonJS with a default export
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/**
 * The schemas of the MCP tools. Inputs are TypeBox (the search tools take the search routes' own query schema), so a
 * parameter the REST route gains is a parameter the tool gains. Outputs are the REST routes' response schemas, read
 * from the OpenAPI document the routes' TypeBox schemas generate (`sdk/openapi.json`, kept equal to them by
 * `npm run sdk:check`), so a tool promises exactly what its route answers.
 */

export type JsonSchema = Record<string, unknown>;

interface OpenApi {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }> }>
  >;
}

let openApi: OpenApi | undefined;
function document(): OpenApi {
  openApi ??= createRequire(import.meta.url)('@byggdok/sdk/openapi.json') as OpenApi;
  return openApi;
}

/**
 * The JSON body a route answers with success (200, and 201/202 where it has them): its schema, or `anyOf` the
 * schemas when there are several. `route` is `GET /v1/building_owners/{buildingOwnerId}/...` as in the OpenAPI paths.
 */
export function routeResponseSchema(route: string): JsonSchema {
  const [method = '', path = ''] = route.split(' ');
  const operation = document().paths[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`no route ${route} in the OpenAPI document`);
  const schemas = ['200', '201', '202']
    .map((status) => operation.responses[status]?.content?.['application/json']?.schema)
    .filter((schema): schema is JsonSchema => schema !== undefined);
  if (schemas.length === 0) throw new Error(`route ${route} answers no JSON`);
  if (schemas.length === 1) return structuredClone(schemas[0]!);
  const objects = schemas.every((schema) => schema.type === 'object');
  return { ...(objects ? { type: 'object' } : {}), anyOf: structuredClone(schemas) };
}

/** A TypeBox schema as plain JSON Schema (TypeBox's symbols left out). */
export function plain(schema: unknown): JsonSchema {
  return JSON.parse(JSON.stringify(schema)) as JsonSchema;
}

/** MCP wants an object at the top of an output schema: a route answering a list is wrapped as `{ items }`. */
export function objectSchema(schema: JsonSchema, description?: string): JsonSchema {
  if (schema.type === 'object') return schema;
  return {
    type: 'object',
    required: ['items'],
    properties: { items: { ...schema, ...(description ? { description } : {}) } },
  };
}

// ids: UUIDs, and the `bld_...` building ids issued before (still valid); nothing that could walk a path. Every
// alternative sits inside one anchored group: `^a$|^b` would let `<uuid>/../..` through
const UUID_BODY = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const UUID = `^${UUID_BODY}$`;
export const uuid = (what: string) => Type.String({ pattern: UUID, description: `the ${what}'s id` });
export const buildingId = () =>
  Type.String({
    pattern: `^(?:${UUID_BODY}|bld_[0-9A-Za-z]{1,64})$`,
    description: "the building's id",
  });

export const ownerArgs = { building_owner_id: uuid('building owner') };
export const buildingArgs = { ...ownerArgs, building_id: buildingId() };
export const pagingArgs = {
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 1000, description: 'how many (default 10; 100 for owners)' }),
  ),
  next_token: Type.Optional(
    Type.String({ minLength: 1, maxLength: 2000, description: 'the nextToken of the previous page' }),
  ),
};

export function args<P extends TProperties>(properties: P): TObject<P> {
  return Type.Object(properties, { additionalProperties: false });
}

const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: true, coerceTypes: false });
addFormats(ajv);
const compiled = new WeakMap<object, ValidateFunction>();

const NUL = /\0/;
const LONE_SURROGATE = /\p{Cs}/u;

/** how deep arguments may nest (the tools' own go two levels down); deeper would overflow the stack when copied */
export const MAX_ARGUMENT_DEPTH = 32;
/** problems named in one answer: a body of 80,000 unknown arguments is not answered with 80,000 lines */
export const MAX_ARGUMENT_PROBLEMS = 10;

/**
 * Checks a tool's arguments: how deep they nest and text that cannot be stored (NUL, an unpaired surrogate), then,
 * on a copy, the schema. The copy with its defaults filled in when they fit; otherwise a line per problem (at most
 * MAX_ARGUMENT_PROBLEMS, then how many more), each naming its argument, for the assistant to correct.
 */
export function checkArguments(
  schema: TObject,
  given: Record<string, unknown>,
): { input: Record<string, unknown>; problems: null } | { input: null; problems: string[] } {
  const text: string[] = [];
  const walk = (node: unknown, path: string, depth: number) => {
    if (typeof node === 'string') {
      if (NUL.test(node)) text.push(`${path}: must not contain the NUL character (U+0000)`);
      else if (LONE_SURROGATE.test(node)) text.push(`${path}: must be valid Unicode text (an unpaired surrogate)`);
    } else if (node === null || typeof node !== 'object') {
      return;
    } else if (depth >= MAX_ARGUMENT_DEPTH) {
      text.push(`${path || 'arguments'}: nested more than ${MAX_ARGUMENT_DEPTH} levels deep`);
    } else if (Array.isArray(node)) node.forEach((child, i) => walk(child, `${path}[${i}]`, depth + 1));
    else {
      for (const [name, child] of Object.entries(node)) {
        if (NUL.test(name) || LONE_SURROGATE.test(name)) text.push(`${path || 'arguments'}: a name is not valid text`);
        else walk(child, path ? `${path}.${name}` : name, depth + 1);
      }
    }
  };
  walk(given, '', 0);
  if (text.length > 0) return { input: null, problems: fewest(text) };
  const input = structuredClone(given);
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(plain(schema));
    compiled.set(schema, validate);
  }
  if (validate(input)) return { input, problems: null };
  return { input: null, problems: fewest((validate.errors ?? []).map(describeError)) };
}

function fewest(problems: string[]): string[] {
  if (problems.length <= MAX_ARGUMENT_PROBLEMS) return problems;
  const more = problems.length - MAX_ARGUMENT_PROBLEMS;
  return [...problems.slice(0, MAX_ARGUMENT_PROBLEMS), `and ${more} more problem${more === 1 ? '' : 's'}`];
}

function describeError(error: ErrorObject): string {
  const at = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  if (error.keyword === 'required' && params.missingProperty) return `${params.missingProperty}: is required`;
  if (error.keyword === 'additionalProperties' && params.additionalProperty)
    return `${params.additionalProperty}: is not an argument of this tool`;
  return `${at || 'arguments'}: ${error.message ?? 'is not valid'}`;
}
