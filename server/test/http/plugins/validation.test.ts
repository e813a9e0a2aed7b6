import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerValidation } from '../../../src/http/plugins/validation.js';

/**
 * One process builds many servers (the tests build hundreds), and the validators compiled for one are kept for the
 * next by the schema's JSON: each server must still validate each part of a request by its own schema and rules.
 */
async function server(maximum: number) {
  const app = Fastify();
  registerValidation(app);
  // a schema object of this server's own, as a route that writes its schema inline has
  const schema = () => ({
    type: 'object',
    properties: { n: { type: 'integer', maximum } },
    additionalProperties: false,
  });
  app.post('/items', { schema: { querystring: schema(), body: schema() } }, async (request) => ({
    query: request.query,
    body: request.body,
  }));
  await app.ready();
  return app;
}

const post = (app: Awaited<ReturnType<typeof server>>, query: string, body: unknown) =>
  app.inject({ method: 'POST', url: `/items?${query}`, payload: body as object });

describe('validators kept from one server to the next', () => {
  it('reads a query as text and a body as sent, on each server by its own schema', async () => {
    const first = await server(10);
    const second = await server(10);
    const third = await server(3);
    try {
      for (const app of [first, second]) {
        // the same schema: a number in the query is text made a number, in the body it must be one
        const ok = await post(app, 'n=5', { n: 5 });
        expect(ok.statusCode).toBe(200);
        expect(ok.json()).toEqual({ query: { n: 5 }, body: { n: 5 } });
        expect((await post(app, 'n=5', { n: '5' })).statusCode).toBe(400);
        expect((await post(app, 'n=0x10', { n: 5 })).statusCode).toBe(400);
        expect((await post(app, 'n=7', { n: 7 })).statusCode).toBe(200);
      }
      // another schema is compiled for itself, never answered by the first one's validator
      expect((await post(third, 'n=7', { n: 2 })).statusCode).toBe(400);
      expect((await post(third, 'n=2', { n: 7 })).statusCode).toBe(400);
      expect((await post(third, 'n=2', { n: 2 })).statusCode).toBe(200);
    } finally {
      await Promise.all([first.close(), second.close(), third.close()]);
    }
  });
});
