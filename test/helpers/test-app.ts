import type { FastifyInstance, InjectOptions } from 'fastify';
import { createDependencies, type Clock, type Dependencies } from '../../src/app/dependencies.js';
import { createLogger } from '../../src/http/logging.js';
import { buildServer, type ServerOptions } from '../../src/http/server.js';
import type { Engine } from '../../src/storage/db/database.js';
import { createTestDatabase } from './test-database.js';

export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

export interface TestApp {
  app: FastifyInstance;
  deps: Dependencies;
  engine: Engine;
  /** JSON request helper around app.inject */
  request(
    options: InjectOptions & { key?: string; token?: string },
  ): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  /** operator helpers */
  createPartner(name?: string): Promise<string>;
  createKey(params: {
    partnerId: string;
    buildingOwnerIds?: string[];
    buildingIds?: string[];
  }): Promise<{ id: string; key: string }>;
  /** a partner with a whole-partner key, an owner and a building */
  seed(): Promise<{ partnerId: string; key: string; ownerId: string; buildingId: string }>;
  close(): Promise<void>;
}

export async function createTestApp(params: {
  engine: Engine;
  clock?: Clock;
  options?: Partial<ServerOptions>;
  logStream?: NodeJS.WritableStream;
}): Promise<TestApp> {
  const database = await createTestDatabase(params.engine);
  const deps = await createDependencies({ database, migrate: false, ...(params.clock ? { clock: params.clock } : {}) });
  const app = await buildServer({
    services: deps.services,
    isReady: () => deps.isReady(),
    logger: createLogger(params.logStream ? { level: 'info', destination: params.logStream } : { level: 'silent' }),
    options: {
      publicUrl: 'http://byggdok.test',
      bodyLimitBytes: 1_048_576,
      trustProxy: false,
      adminToken: ADMIN_TOKEN,
      rateLimit: { enabled: false, max: 1000, windowMs: 60_000 },
      redisUrl: null,
      version: 'test',
      ...params.options,
    },
  });
  await app.ready();

  const request: TestApp['request'] = async (options) => {
    const { key, token, ...inject } = options;
    const headers: Record<string, string> = { ...(inject.headers as Record<string, string> | undefined) };
    if (key) headers['x-api-key'] = key;
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await app.inject({ ...inject, headers });
    let body: unknown = response.body;
    if (String(response.headers['content-type'] ?? '').includes('json') && response.body.length > 0)
      body = response.json();
    return { status: response.statusCode, body, headers: response.headers };
  };

  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
  const testApp: TestApp = {
    app,
    deps,
    engine: params.engine,
    request,
    async createPartner(name = 'Acme Proptech') {
      const response = await request({ method: 'POST', url: '/admin/partners', headers: admin, payload: { name } });
      if (response.status !== 201)
        throw new Error(`createPartner: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body.id as string;
    },
    async createKey({ partnerId, ...grants }) {
      const response = await request({
        method: 'POST',
        url: `/admin/partners/${partnerId}/keys`,
        headers: admin,
        payload: grants,
      });
      if (response.status !== 201) throw new Error(`createKey: ${response.status} ${JSON.stringify(response.body)}`);
      return { id: response.body.id as string, key: response.body.key as string };
    },
    async seed() {
      const partnerId = await testApp.createPartner();
      const { key } = await testApp.createKey({ partnerId });
      const owner = await request({
        method: 'POST',
        url: '/v1/building_owners',
        key,
        payload: { name: 'Barcode Properties AS' },
      });
      const building = await request({
        method: 'PUT',
        url: `/v1/building_owners/${owner.body.id}/buildings`,
        key,
        payload: { name: 'Oslo Office Tower' },
      });
      return { partnerId, key, ownerId: owner.body.id as string, buildingId: building.body as string };
    },
    async close() {
      await app.close();
      await deps.close();
    },
  };
  return testApp;
}
