import type { TestApp } from './test-app.js';

/**
 * The operations the service documents in its own /openapi.json, and the smallest valid request for each: tables of
 * who may call what are built from these, so a route added later cannot escape them.
 */
export interface Operation {
  method: string;
  path: string;
  schema: OperationSchema;
}

interface OperationSchema {
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  minimum?: number;
  minLength?: number;
  items?: JsonSchema;
}

/** request values the schemas cannot tell (formats the generator does not invent) */
const VALUES: Record<string, unknown> = {
  filename: 'Scope/Matrise.pdf',
  name: 'Scope Matrix',
  query: 'brann',
  country: 'NO',
  version: 'v1',
  locale: 'nb',
  expires_in: 600,
  email: 'scope-matrix@example.test',
  password: 'a-long-enough-password-123',
  buildingCategory: '221',
};

function firstType(schema: JsonSchema): string | undefined {
  if (schema.anyOf) return schema.anyOf.map(firstType).find((t) => t !== 'null');
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

/** the smallest valid value of a schema: required members, and the optional ones this module has a value for */
function sample(schema: JsonSchema, name = ''): unknown {
  if (name in VALUES) return VALUES[name];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) {
    const first = schema.anyOf.find((s) => firstType(s) !== 'null') ?? schema.anyOf[0];
    return first ? sample(first, name) : null;
  }
  switch (firstType(schema) ?? 'string') {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([member]) => (schema.required ?? []).includes(member) || member in VALUES)
          .map(([member, memberSchema]) => [member, sample(memberSchema, member)]),
      );
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    default:
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  }
}

export async function documentedOperations(t: TestApp): Promise<Operation[]> {
  const document = await t.request({ method: 'GET', url: '/openapi.json' });
  return Object.entries(document.body.paths as Record<string, Record<string, OperationSchema>>).flatMap(
    ([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, schema]) => ({ method: method.toUpperCase(), path, schema })),
  );
}

/** the smallest valid request of an operation, with its path parameters taken from `params` */
export function sampleRequest(operation: Operation, params: Record<string, string>) {
  const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${operation.method} ${operation.path}`);
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  for (const parameter of operation.schema.parameters ?? []) {
    if (parameter.in === 'query' && parameter.required) {
      query.set(parameter.name, String(sample(parameter.schema ?? {}, parameter.name)));
    }
  }
  const bodySchema = operation.schema.requestBody?.content?.['application/json']?.schema;
  const payload = bodySchema ? (sample(bodySchema) as Record<string, unknown>) : undefined;
  // a bulk request names the world's document (an empty list is refused before any access check)
  if (payload && Array.isArray(payload.documentIds) && params.documentId) payload.documentIds = [params.documentId];
  return {
    method: operation.method as 'GET',
    url: query.size > 0 ? `${url}?${query.toString()}` : url,
    ...(payload ? { payload } : {}),
  };
}

/** the operations that only read, though some are POSTs */
export const readsOnly = (o: Operation) =>
  o.method === 'GET' || o.path.endsWith('/ask') || o.path.endsWith('/documents/zip');
