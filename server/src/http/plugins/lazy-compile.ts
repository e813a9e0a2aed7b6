import { SerializerSelector, type Serializer, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

/**
 * Fastify compiles every route's validators (AJV) and response serializers (fast-json-stringify) when the server
 * starts: with a few hundred routes that is most of a second before the first request is answered. Each is compiled
 * here on the route's first request instead (a few milliseconds, once per route and process), so a start does not
 * pay for routes it may never serve. Validation and output are the same functions as before; the validators are
 * made this way in validation.ts.
 */
export function lazySerializerFactory(): SerializerFactory {
  // Fastify's own serializer factory
  const factory = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = factory(externalSchemas, options);
    return (route) => {
      let serialize: Serializer | undefined;
      return (data) => (serialize ??= compile(route))(data);
    };
  };
}
