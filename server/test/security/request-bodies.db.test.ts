import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDelivery, createDeliveryWorld, portalUpload, type DeliveryWorld } from '../helpers/delivery-fixtures.js';
import { createTestUser, giveCustomerRole } from '../helpers/people-fixtures.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/** bodies that are valid JSON but not the object a route declares */
const WRONG_BODIES = ['null', '[]', '[{}]', '42', '"text"', 'true'];
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** every route the app serves, from Fastify's own route list (so a route added later is covered) */
function routesOf(t: TestApp): { method: string; path: string }[] {
  const printed = t.app.printRoutes({ commonPrefix: false, includeMeta: false });
  const routes: { method: string; path: string }[] = [];
  for (const line of printed.split('\n')) {
    const match = /([^\s─│├└]\S*) \(([A-Z, ]+)\)\s*$/.exec(line);
    if (!match) continue;
    const path = match[1]!.startsWith('/') ? match[1]! : `/${match[1]!}`;
    for (const method of match[2]!.split(',').map((m) => m.trim())) routes.push({ method, path });
  }
  return routes;
}

/**
 * No 500 from any request body (issue 41, item 8): a fuzzer's JSON `null` to `PATCH .../documents/{id}` answered 500
 * ("Cannot read properties of null"). Every write route of the app is sent each body that is not an object, by every
 * kind of caller that gets past authentication, with real ids; each answer must be a 4xx problem, and a route that
 * declares an object body names the body. And the portal's longest lists (100 items of 500 characters) fit on both
 * engines ("row is too big" on PGlite before).
 */
describe.each(testEngines())('request bodies on %s', (engine) => {
  let t: TestApp;
  let world: DeliveryWorld;
  let seed: { key: string; ownerId: string; buildingId: string; partnerId: string };
  let platformKey: string;
  let deliveryId: string;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    seed = await t.seed();
    world = await createDeliveryWorld(t);
    const platform = await createTestUser(t.deps.database.db, { platformAdmin: true });
    await giveCustomerRole(t.deps.database.db, {
      customerId: world.customerId,
      userId: platform.userId,
      role: 'ADMIN',
    });
    platformKey = platform.key;
    deliveryId = (await createDelivery(t, { world, subcontractorId: world.subcontractorId })).id;
  }, 60_000);
  afterAll(() => t?.close());

  function idFor(name: string): string {
    const ids: Record<string, string> = {
      customerId: world.customerId,
      projectId: world.projectId,
      subcontractorId: world.subcontractorId,
      buildingId: world.buildingId,
      buildingOwnerId: seed.ownerId,
      ownerId: seed.ownerId,
      partnerId: seed.partnerId,
      deliveryId,
      id: deliveryId,
    };
    return ids[name] ?? randomUUID();
  }

  /** the routes whose OpenAPI operation declares a JSON object body, as `METHOD /path/:param` */
  async function declaredObjectBodies(): Promise<Set<string>> {
    const document = (await t.request({ method: 'GET', url: '/openapi.json' })).body as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content?: Record<string, { schema?: { type?: string } }> } }>
      >;
    };
    const declared = new Set<string>();
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (operation.requestBody?.content?.['application/json']?.schema?.type !== 'object') continue;
        declared.add(`${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`);
      }
    }
    return declared;
  }

  it('answers every write route a body of the wrong type without a 500; a declared object body is a 400 naming it', async () => {
    const routes = routesOf(t).filter((route) => WRITES.has(route.method));
    expect(routes.length).toBeGreaterThan(60);
    const declared = await declaredObjectBodies();
    expect(declared.size).toBeGreaterThan(40);
    const callers: Record<string, string>[] = [
      { 'x-api-key': platformKey },
      { 'x-api-key': world.adminKey },
      { 'x-api-key': seed.key },
      { authorization: `Bearer ${ADMIN_TOKEN}` },
      { authorization: `Bearer ${world.token}` },
    ];
    const failures: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const url = route.path.replace(/:([A-Za-z]+)/g, (_all, name: string) => idFor(name)).replace(/\*$/, 'x');
      const declaresObject = declared.has(`${route.method} ${route.path}`);
      for (const body of WRONG_BODIES) {
        for (const caller of callers) {
          const response = await t.app.inject({
            method: route.method as 'POST',
            url,
            headers: {
              ...caller,
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
              origin: 'http://byggdok.test',
            },
            payload: body,
          });
          const what = `${route.method} ${route.path} ${body} -> ${response.statusCode} ${response.body.slice(0, 200)}`;
          if (response.statusCode >= 500) failures.push(what);
          else if (declaresObject && response.statusCode !== 401 && response.statusCode !== 429) {
            // a declared body is refused before anything else looks at it (only a missing credential comes first)
            checked++;
            const problem = String(response.headers['content-type']).startsWith('application/problem+json');
            if (response.statusCode !== 400 || !problem || !/"detail":"body must be/.test(response.body)) {
              failures.push(`${what} (a declared object body)`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(150);
  }, 300_000);

  it('names the body when it is not the declared object', async () => {
    for (const body of ['null', '[]', '42']) {
      const response = await t.request({
        url: `/construction/documents/${randomUUID()}`,
        key: world.adminKey,
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body).toMatchObject({ code: 'request.invalid', errors: [{ path: '/' }] });
      expect(response.body.detail).toMatch(/^body must be object/);
    }
  });

  it("accepts the portal's longest lists: 100 tags, information types and room locations of 500 characters", async () => {
    // random text, as a fuzzer sends it: nothing for the database to compress
    const long = (prefix: string) =>
      Array.from({ length: 100 }, (_, i) => `${prefix}${i} ${randomBytes(400).toString('base64')}`.slice(0, 500));
    const documentId = await portalUpload(t, {
      projectId: world.projectId,
      subcontractorId: world.subcontractorId,
      token: world.token,
      buildingId: world.buildingId,
      filename: 'Lange lister.pdf',
      bytes: Buffer.from('%PDF-1.4 lange lister'),
      deliveryId,
    });
    const lists = { tags: long('tag'), informationTypes: long('type'), roomLocations: long('rom') };
    const response = await t.request({
      method: 'PUT',
      url: `/construction/public/documents/${world.projectId}/${world.subcontractorId}/${documentId}`,
      token: world.token,
      payload: lists,
    });
    expect(response.body).toMatchObject(lists);
    expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
  });
});
