import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifySchema } from 'fastify';

// ajv-formats ships CommonJS with a default export
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const shared: Options = {
  allErrors: true,
  // unknown fields are an error the client must see, never silently dropped
  removeAdditional: false,
  useDefaults: true,
  strict: false,
};

/**
 * Bodies are validated as sent: `{"name": 123}` is a 400, not the string "123". Query strings and path parameters are
 * text on the wire, so they are coerced to the schema's types.
 */
export function registerValidation(app: FastifyInstance): void {
  const bodyAjv = addFormats(new Ajv({ ...shared, coerceTypes: false }));
  const textAjv = addFormats(new Ajv({ ...shared, coerceTypes: 'array' }));
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? bodyAjv : textAjv;
    return ajv.compile(schema as FastifySchema & object);
  });
}
