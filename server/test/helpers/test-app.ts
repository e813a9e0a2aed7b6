import type { FastifyInstance, InjectOptions } from 'fastify';
import { createDependencies, type AppSettings, type Dependencies } from '../../src/app/dependencies.js';
import type { Clock } from '../../src/domain/shared/clock.js';
import { METRICS_CONTENT_TYPE, recordHttpRequest } from '../../src/app/metrics.js';
import { createLogger } from '../../src/http/logging.js';
import { buildServer, type ServerOptions } from '../../src/http/server.js';
import type { Database, Engine } from '../../src/storage/db/database.js';
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
  /** registers a document and PUTs its bytes to the upload URL, as a client would */
  upload(params: {
    seed: { key: string; ownerId: string; buildingId: string };
    filename: string;
    bytes: Buffer;
    contentType?: string;
  }): Promise<string>;
  /** waits until the pipeline has finished with these documents (classified, or given up) */
  waitForProcessing(documentIds: string[], timeoutMs?: number): Promise<void>;
  /** a partner with a whole-partner key, an owner and a building */
  seed(): Promise<{ partnerId: string; key: string; ownerId: string; buildingId: string }>;
  close(): Promise<void>;
}

export const PUBLIC_URL = 'http://byggdok.test';

/** Settings of a test service: files in memory, one job of each kind at a time, quick retries. */
export function testSettings(overrides: Partial<AppSettings> = {}): AppSettings {
  return {
    http: { publicUrl: PUBLIC_URL },
    storage: { kind: 'memory' },
    uploads: { maxBytes: 50 * 1024 * 1024 },
    worker: { concurrency: 1, jobExpireSeconds: 900, retryLimit: 4, libreOfficePath: null },
    llm: { provider: 'builtin' },
    queue: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 },
    // a test signs in hundreds of times: scrypt at 2^10 instead of 2^15 (about 180 ms a hash on a slow machine)
    passwordCost: 1 << 10,
    ...overrides,
  };
}

export async function createTestApp(params: {
  engine: Engine;
  /** an open, migrated database to serve instead of a fresh one (closed with the app) */
  database?: Database;
  clock?: Clock;
  options?: Partial<ServerOptions>;
  settings?: Partial<AppSettings>;
  logStream?: NodeJS.WritableStream;
  /** the level of the captured log (logStream); info unless told */
  logLevel?: string;
  metricsPublic?: boolean;
  /** run the pipeline workers in this test process */
  workers?: boolean;
  dependencies?: Partial<Parameters<typeof createDependencies>[0]>;
}): Promise<TestApp> {
  const database = params.database ?? (await createTestDatabase(params.engine));
  const deps = await createDependencies({
    database,
    migrate: false,
    settings: testSettings(params.settings),
    ...(params.clock ? { clock: params.clock } : {}),
    ...params.dependencies,
  });
  if (params.workers) await deps.startWorkers();
  const app = await buildServer({
    services: deps.services,
    embeddedProvider: deps.embeddedProvider,
    localBlobs: deps.localUrlSigner ? { signer: deps.localUrlSigner, blobs: deps.blobs } : null,
    isReady: () => deps.isReady(),
    metrics: {
      render: () => deps.renderMetrics(),
      contentType: METRICS_CONTENT_TYPE,
      public: params.metricsPublic ?? false,
      recordRequest: recordHttpRequest,
    },
    logger: createLogger(
      params.logStream ? { level: params.logLevel ?? 'info', destination: params.logStream } : { level: 'silent' },
    ),
    options: {
      publicUrl: 'http://byggdok.test',
      bodyLimitBytes: 1_048_576,
      trustProxy: false,
      adminToken: ADMIN_TOKEN,
      rateLimit: { enabled: false, max: 1000, windowMs: 60_000 },
      redisUrl: null,
      version: 'test',
      s3EventsToken: null,
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
    async upload({ seed, filename, bytes, contentType }) {
      const registered = await request({
        method: 'PUT',
        url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents`,
        key: seed.key,
        payload: { filename },
      });
      if (registered.status !== 200) throw new Error(`upload: ${registered.status} ${JSON.stringify(registered.body)}`);
      const uploadUrl = new URL(registered.body.uploadUrl as string);
      const put = await app.inject({
        method: 'PUT',
        url: `${uploadUrl.pathname}${uploadUrl.search}`,
        headers: { 'content-type': contentType ?? 'application/octet-stream' },
        payload: bytes,
      });
      if (put.statusCode !== 200) throw new Error(`upload PUT: ${put.statusCode} ${put.body}`);
      return registered.body.documentId as string;
    },
    async waitForProcessing(documentIds, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const rows = await deps.database.db
          .selectFrom('documents')
          .select(['id', 'processed_at'])
          .where('id', 'in', documentIds)
          .execute();
        if (rows.length === documentIds.length && rows.every((r) => r.processed_at !== null)) return;
        if (Date.now() > deadline)
          throw new Error(`documents not processed in ${timeoutMs} ms: ${JSON.stringify(rows)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
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
