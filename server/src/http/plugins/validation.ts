import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifySchema, FastifySchemaValidationError } from 'fastify';

// ajv-formats ships CommonJS with a default export
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const shared: Options = {
  allErrors: true,
  // unknown fields are an error the client must see, never silently dropped
  removeAdditional: false,
  useDefaults: true,
  strict: false,
  // a JSON body can spell Infinity (1e400); integer and number fields accept finite numbers only
  strictNumbers: true,
};

/**
 * Bodies are validated as sent: `{"name": 123}` is a 400, not the string "123". Query strings and path parameters are
 * text on the wire, so they are coerced to the schema's types, and a number must be written as one: AJV alone would
 * turn `Infinity`, `1e400` or `0x10` into numbers.
 */
export function registerValidation(app: FastifyInstance): void {
  // compiled on the route's first request (lazy-compile.ts); the errors are read from the function Fastify holds
  app.setValidatorCompiler(({ schema, httpPart }) => {
    let compiled: TextValidator | undefined;
    const validate: TextValidator = (data) => {
      compiled ??= compiledValidator(schema, httpPart === 'body');
      const valid = compiled(data);
      validate.errors = compiled.errors ?? null;
      return valid;
    };
    return validate;
  });
  // a request that sends no body at all (no bytes announced, nothing chunked) to a route that declares one is read as
  // `{}` (Fastify hands the validator null for "no body", the same as a JSON null): all-optional bodies may be left
  // out, and JSON `null` sent as text stays null, a 400 naming the body
  app.addHook('preValidation', async (request) => {
    const { headers } = request.raw;
    const sent = Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;
    if (!sent && (request.body === null || request.body === undefined) && request.routeOptions.schema?.body) {
      (request as { body: unknown }).body = {};
    }
  });
}

/**
 * The validators compiled in this process, by the schema's JSON and where it is read: one process that builds several
 * servers (the tests build hundreds) compiles each schema once, whether a route's schema is a shared object or one
 * written anew for each server. A schema's JSON is all AJV reads of it.
 */
const validators = {
  body: { ajv: addFormats(new Ajv({ ...shared, coerceTypes: false })), compiled: new Map<string, TextValidator>() },
  text: { ajv: addFormats(new Ajv({ ...shared, coerceTypes: 'array' })), compiled: new Map<string, TextValidator>() },
};

function compiledValidator(schema: unknown, body: boolean): TextValidator {
  const { ajv, compiled } = body ? validators.body : validators.text;
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    validate = compileValidator(schema, ajv, body);
    compiled.set(key, validate);
  }
  return validate;
}

function compileValidator(schema: unknown, ajv: Ajv, body: boolean): TextValidator {
  if (body) return allowingNoBody(schema, ajv.compile(schema as FastifySchema & object));
  const validate = ajv.compile(schema as FastifySchema & object);
  const numbers = numericProperties(schema);
  return numbers.size === 0 ? validate : validateNumbersAsWritten(validate, numbers);
}

/**
 * A request may leave out a body whose members are all optional (`POST .../update-filenames` with its flags in the
 * query): no body is then read as `{}`; a body that is sent is validated as sent, so JSON `null`, an array or a number
 * where an object is declared is a 400 naming the body (never a handler reading a property of null).
 */
function allowingNoBody(schema: unknown, validate: TextValidator): TextValidator {
  const object = schema as { type?: unknown; required?: unknown[] } | null;
  if (object?.type !== 'object' || (object.required?.length ?? 0) > 0) return validate;
  const checked: TextValidator = (data) => {
    const valid = validate(data === undefined ? {} : data);
    checked.errors = validate.errors ?? null;
    return valid;
  };
  return checked;
}

type NumericType = 'integer' | 'number';

/** Decimal notation, as JSON writes numbers; whether it is whole and in range is the schema's business after. */
const NUMBER_TEXT = /^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?$/;

/** The top-level properties of an object schema (query strings are flat) whose type is a number. */
function numericProperties(schema: unknown): Map<string, NumericType> {
  const numeric = new Map<string, NumericType>();
  const properties = (schema as { properties?: Record<string, { type?: unknown }> } | null)?.properties ?? {};
  for (const [name, property] of Object.entries(properties)) {
    const types = Array.isArray(property.type) ? property.type : [property.type];
    if (types.includes('integer')) numeric.set(name, 'integer');
    else if (types.includes('number')) numeric.set(name, 'number');
  }
  return numeric;
}

interface TextValidator {
  (data: unknown): boolean;
  errors?: FastifySchemaValidationError[] | null;
}

function validateNumbersAsWritten(validate: TextValidator, numbers: Map<string, NumericType>): TextValidator {
  const checked: TextValidator = (data) => {
    // read before AJV coerces the values in place
    const unwritten = numbersNotWritten(data, numbers);
    const valid = validate(data);
    const notFinite = valid ? numbersNotFinite(data, numbers) : [];
    const reported = new Set(unwritten.map((error) => error.instancePath));
    const errors = [
      ...unwritten,
      ...(validate.errors ?? []).filter((error) => !reported.has(error.instancePath)),
      ...notFinite,
    ];
    checked.errors = errors.length > 0 ? errors : null;
    return errors.length === 0;
  };
  return checked;
}

function numbersNotWritten(data: unknown, numbers: Map<string, NumericType>): FastifySchemaValidationError[] {
  if (data === null || typeof data !== 'object') return [];
  const errors: FastifySchemaValidationError[] = [];
  for (const [name, type] of numbers) {
    const value = (data as Record<string, unknown>)[name];
    const texts = (Array.isArray(value) ? value : [value]).filter((text): text is string => typeof text === 'string');
    if (texts.some((text) => !NUMBER_TEXT.test(text))) {
      errors.push({
        instancePath: `/${name}`,
        schemaPath: '',
        keyword: 'type',
        message: `must be ${type}`,
        params: { type },
      });
    }
  }
  return errors;
}

function numbersNotFinite(data: unknown, numbers: Map<string, NumericType>): FastifySchemaValidationError[] {
  if (data === null || typeof data !== 'object') return [];
  return [...numbers.keys()]
    .filter((name) => {
      const value = (data as Record<string, unknown>)[name];
      return typeof value === 'number' && !Number.isFinite(value);
    })
    .map((name) => ({
      instancePath: `/${name}`,
      schemaPath: '',
      keyword: 'type',
      message: 'must be a finite number',
      params: {},
    }));
}
