import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryWorld, type DeliveryWorld } from '../helpers/delivery-fixtures.js';
import { TestBrowser } from '../helpers/browser.js';
import { makePdf } from '../helpers/document-fixtures.js';
import { createTestUser, giveCustomerRole } from '../helpers/people-fixtures.js';
import { startStorageProviderServer, type StorageProviderServer } from '../helpers/storage-provider-server.js';
import { connectStorageProvider, storageProviderSettings } from '../helpers/storage-provider-service.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';
import { createTokenCipher } from '../../src/integrations/storage-provider/token-cipher.js';
import {
  IMPORT_ENDED_BY_HANDOVER,
  IMPORT_ENDED_BY_KEY,
} from '../../src/domain/storage-provider/storage-provider.service.js';

const CALLBACK = 'http://byggdok.test/integrations/storage-provider/oauth/callback';
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

/** the provider's settings for a test service */
const providerSettings = (provider: StorageProviderServer, tokenKey: Buffer) => ({
  storageProvider: storageProviderSettings(provider, tokenKey),
});

/**
 * The storage-provider connection against a real OAuth 2 server started here: consent given and refused, a forged or
 * foreign state, the refresh token stored encrypted, and a folder imported into a project building through the
 * normal pipeline with the access tokens the server issued.
 */
describe.each(testEngines())('the storage-provider connection, on %s', (engine) => {
  let t: TestApp;
  let w: DeliveryWorld;
  let provider: StorageProviderServer;
  const tokenKey = randomBytes(32);
  let sealedAtConnect = '';
  const files: { path: string; bytes: Buffer }[] = [];

  beforeAll(async () => {
    for (const path of [
      'Prosjekt/FDV/FDV varmepumpe.pdf',
      'Prosjekt/FDV/Ventilasjon/FDV aggregat.pdf',
      'Prosjekt/Tegninger/RIV-36-001 Plan.pdf',
      'Annet/Privat.pdf',
    ]) {
      files.push({ path, bytes: await makePdf([`${path}\nDrift og vedlikehold.`]) });
    }
    provider = await startStorageProviderServer({ redirectUri: CALLBACK, files });
    t = await createTestApp({ engine, workers: true, settings: providerSettings(provider, tokenKey) });
    w = await createDeliveryWorld(t);
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  /** start as the person with `key`, through the provider's consent, up to the redirect back to us */
  async function consent(key: string, answer: 'grant' | 'deny', redirectUri?: string) {
    provider.decide(answer);
    const start = await t.request({
      method: 'GET',
      url: `/integrations/storage-provider/oauth/start${redirectUri ? `?redirectUri=${encodeURIComponent(redirectUri)}` : ''}`,
      key,
    });
    expect(start.status, JSON.stringify(start.body)).toBe(302);
    const authorize = new URL(String(start.headers.location));
    expect(authorize.origin).toBe(provider.url);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    const browser = new TestBrowser();
    const back = await browser.go(authorize.href, (next) => next.origin === provider.url);
    const location = new URL(String(back.headers.get('location')));
    expect(location.href.startsWith(CALLBACK)).toBe(true);
    return location;
  }

  const callback = (location: URL, key: string, accept = 'text/html') =>
    t.request({
      method: 'GET',
      url: `${location.pathname}${location.search}`,
      key,
      headers: { accept },
    });

  it('shows a clear page when the person declines, and connects nothing', async () => {
    const back = await consent(w.adminKey, 'deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    const page = await callback(back, w.adminKey);
    expect(page.status).toBe(400);
    expect(String(page.headers['content-type'])).toContain('text/html');
    expect(page.body).toContain('data-code="storage_provider.denied"');
    expect(page.body).toContain('You declined access');
    const status = await t.request({ method: 'GET', url: '/integrations/storage-provider', key: w.adminKey });
    expect(status.body).toEqual({ connected: false, scope: null, connectedAt: null });
  });

  it('refuses a forged state, another person’s state, and a state used twice', async () => {
    const back = await consent(w.adminKey, 'grant');
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state-value');
    const page = await callback(forged, w.adminKey);
    expect(page.status).toBe(400);
    expect(page.body).toContain('data-code="storage_provider.bad_state"');

    // someone else who got hold of the link cannot bind the connection to themselves (and it is used up by trying)
    const other = await createTestUser(t.deps.database.db, { email: 'annen@entreprenor.test' });
    const stolen = await callback(back, other.key, 'application/json');
    expect(stolen.status).toBe(400);
    expect(stolen.body.code).toBe('storage_provider.bad_state');
    const late = await callback(back, w.adminKey);
    expect(late.status).toBe(400);
    const status = await t.request({ method: 'GET', url: '/integrations/storage-provider', key: other.key });
    expect(status.body.connected).toBe(false);
  });

  it('connects: the refresh token is stored encrypted and the browser goes back where it came from', async () => {
    const back = await consent(w.adminKey, 'grant', 'http://byggdok.test/prosjekter/1?fane=filer');
    const done = await callback(back, w.adminKey);
    expect(done.status, String(done.body)).toBe(302);
    expect(done.headers.location).toBe('http://byggdok.test/prosjekter/1?fane=filer&storageProvider=connected');
    const status = await t.request({ method: 'GET', url: '/integrations/storage-provider', key: w.adminKey });
    expect(status.body).toMatchObject({ connected: true, scope: expect.stringContaining('files.read') });

    const rows = await t.deps.database.db.selectFrom('storage_provider_connections').selectAll().execute();
    expect(rows).toHaveLength(1);
    const sealed = rows[0]!.refresh_token_encrypted;
    expect(sealed.startsWith('v1.')).toBe(true);
    // the provider's refresh token is in the row only sealed with the key
    const plain = createTokenCipher(tokenKey).decrypt(sealed);
    expect(plain.length).toBeGreaterThan(20);
    expect(JSON.stringify(rows)).not.toContain(plain);
    expect(() => createTokenCipher(randomBytes(32)).decrypt(sealed)).toThrow();
    const stateRows = await t.deps.database.db.selectFrom('storage_provider_states').selectAll().execute();
    expect(stateRows.filter((row) => row.user_id === rows[0]!.user_id)).toEqual([]);

    // an open redirect is not followed: the app's root instead
    const elsewhere = await callback(await consent(w.adminKey, 'grant', 'https://evil.example/'), w.adminKey);
    expect(elsewhere.headers.location).toBe('http://byggdok.test/?storageProvider=connected');
  });

  it('imports a folder and its subfolders into the building through the pipeline, with the same bytes', async () => {
    const before = await t.deps.database.db
      .selectFrom('storage_provider_connections')
      .select('refresh_token_encrypted')
      .executeTakeFirstOrThrow();
    sealedAtConnect = before.refresh_token_encrypted;
    const asked = await t.request({
      method: 'POST',
      url: '/integrations/storage-provider/import',
      key: w.adminKey,
      payload: { buildingId: w.buildingId, folderPath: '/Prosjekt' },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    let state = asked.body;
    for (let i = 0; i < 300 && (state.status === 'queued' || state.status === 'running'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = (
        await t.request({
          method: 'GET',
          url: `/integrations/storage-provider/import/${asked.body.id}`,
          key: w.adminKey,
        })
      ).body;
    }
    expect(state).toMatchObject({ status: 'done', files: 3, imported: 3, skipped: [], error: null });
    await t.waitForProcessing(state.documentIds);
    const documents = await t.deps.database.db
      .selectFrom('documents')
      .select(['id', 'filename', 'original_path', 'md5', 'project_id', 'extracted_text'])
      .where('id', 'in', state.documentIds)
      .orderBy('original_path')
      .execute();
    expect(documents.map((d) => [d.original_path, d.md5, d.project_id, d.extracted_text])).toEqual(
      files
        .filter((f) => f.path.startsWith('Prosjekt/'))
        .map((f) => [f.path.slice('Prosjekt/'.length), md5(f.bytes), w.projectId, true])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    // the access tokens came from refreshing the stored token, which the provider rotated: the new one is kept
    expect(provider.refused).toBe(0);
    const connection = await t.deps.database.db
      .selectFrom('storage_provider_connections')
      .select('refresh_token_encrypted')
      .executeTakeFirstOrThrow();
    expect(connection.refresh_token_encrypted).not.toBe(sealedAtConnect);

    // the project's members see them like any other upload
    const listed = await t.request({
      method: 'GET',
      url: `/construction/documents/project/${w.projectId}`,
      key: w.adminKey,
    });
    expect(JSON.stringify(listed.body)).toContain('FDV aggregat.pdf');
  });

  it('imports only into buildings the person may write to, and only when connected', async () => {
    const reader = await createTestUser(t.deps.database.db, { email: 'leser@entreprenor.test' });
    await giveCustomerRole(t.deps.database.db, {
      customerId: w.customerId,
      userId: reader.userId,
      role: 'READ_ACCESS',
    });
    const refused = await t.request({
      method: 'POST',
      url: '/integrations/storage-provider/import',
      key: reader.key,
      payload: { buildingId: w.buildingId, folderPath: '/' },
    });
    expect(refused.status).toBe(403);
    const writer = await createTestUser(t.deps.database.db, { email: 'skriver@entreprenor.test' });
    await giveCustomerRole(t.deps.database.db, {
      customerId: w.customerId,
      userId: writer.userId,
      role: 'WRITE_ACCESS',
    });
    const unconnected = await t.request({
      method: 'POST',
      url: '/integrations/storage-provider/import',
      key: writer.key,
      payload: { buildingId: w.buildingId, folderPath: '/' },
    });
    expect(unconnected.status).toBe(409);
    expect(unconnected.body.code).toBe('storage_provider.not_connected');
    const unknown = await t.request({
      method: 'POST',
      url: '/integrations/storage-provider/import',
      key: w.adminKey,
      payload: { buildingId: '01a20e45-dc00-70be-9553-5ccb0cb89e6e', folderPath: '/' },
    });
    expect(unknown.status).toBe(404);

    const gone = await t.request({ method: 'DELETE', url: '/integrations/storage-provider', key: w.adminKey });
    expect(gone.status).toBe(200);
    const after = await t.request({ method: 'GET', url: '/integrations/storage-provider', key: w.adminKey });
    expect(after.body.connected).toBe(false);
  });
});

/**
 * An import checks access when it is asked for, and its job asks again before each file: a handover of the project,
 * or its person losing WRITE_ACCESS (a lowered role, removed, deactivated) while it runs, stops it with its reason,
 * and nothing more lands in the building, least of all in the building owner's after the handover.
 */
describe.each(testEngines())('a storage-provider import whose access ends while it runs, on %s', (engine) => {
  let t: TestApp;
  let provider: StorageProviderServer;
  const files: { path: string; bytes: Buffer }[] = [];

  beforeAll(async () => {
    for (const path of ['Overlevering/FDV pumpe.pdf', 'Overlevering/FDV vifte.pdf', 'Overlevering/FDV ventil.pdf']) {
      files.push({ path, bytes: await makePdf([`${path}\nDrift og vedlikehold.`]) });
    }
    provider = await startStorageProviderServer({ redirectUri: CALLBACK, files });
    t = await createTestApp({ engine, workers: true, settings: providerSettings(provider, randomBytes(32)) });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  const connect = (key: string) => connectStorageProvider(t, provider, key);

  async function requestImport(key: string, buildingId: string): Promise<string> {
    const asked = await t.request({
      method: 'POST',
      url: '/integrations/storage-provider/import',
      key,
      payload: { buildingId, folderPath: '/Overlevering' },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    return asked.body.id;
  }

  const importRow = (importId: string) =>
    t.deps.database.db
      .selectFrom('storage_provider_imports')
      .select(['status', 'files', 'imported', 'document_ids', 'error', 'finished_at'])
      .where('id', '=', importId)
      .executeTakeFirstOrThrow();

  /** the import once its job has ended (done, failed, or out of retries) */
  async function settled(importId: string) {
    for (let i = 0; i < 300; i += 1) {
      const { rows } = await sql<{ state: string }>`
        select state::text from pgboss.job where name = 'storage_provider.import' and singleton_key = ${importId}
      `.execute(t.deps.database.db);
      if (rows.length > 0 && rows.every((row) => ['completed', 'cancelled', 'failed'].includes(row.state))) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return importRow(importId);
  }

  const documentsIn = (buildingId: string) =>
    t.deps.database.db
      .selectFrom('documents')
      .select(['id', 'project_id', 'archived_at'])
      .where('building_id', '=', buildingId)
      .execute();

  it('a handover ends the import in its transaction, and the job brings nothing into the owner’s building', async () => {
    const w = await createDeliveryWorld(t, { projectName: 'Overlevert' });
    const owner = await t.seed();
    await t.deps.database.db
      .updateTable('customers')
      .set({ building_owner_id: owner.ownerId })
      .where('id', '=', w.customerId)
      .execute();
    await connect(w.adminKey);
    const held = provider.holdDownload();
    const importId = await requestImport(w.adminKey, w.buildingId);
    // the job has listed the folder and waits for the first file's bytes
    await held.reached;
    const handedOver = await t.request({
      method: 'POST',
      url: `/construction/customers/${w.customerId}/projects/${w.projectId}/handover`,
      key: w.adminKey,
      payload: { buildingOwnerId: owner.ownerId },
    });
    expect(handedOver.status, JSON.stringify(handedOver.body)).toBe(200);
    expect(await importRow(importId)).toMatchObject({ status: 'failed', error: IMPORT_ENDED_BY_HANDOVER });

    held.release();
    const ended = await settled(importId);
    // the reason stays the handover's, and not one file came in
    expect(ended).toMatchObject({ status: 'failed', files: 3, imported: 0, error: IMPORT_ENDED_BY_HANDOVER });
    expect(ended.finished_at).not.toBeNull();
    expect(await documentsIn(w.buildingId)).toEqual([]);
    const listed = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${owner.ownerId}/buildings/${w.buildingId}/documents`,
      key: owner.key,
    });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain('FDV');

    // a job still queued for the ended import (or run again) brings nothing in either, and leaves the reason alone
    const again = await t.deps.services.storageProvider.runImport(importId, { lastAttempt: true });
    expect(again).toEqual({ status: 'skipped', reason: `the import ended: ${IMPORT_ENDED_BY_HANDOVER}` });
    expect(await importRow(importId)).toMatchObject({ status: 'failed', imported: 0, error: IMPORT_ENDED_BY_HANDOVER });
    expect(await documentsIn(w.buildingId)).toEqual([]);
  });

  describe('a person who may no longer write', () => {
    let w: DeliveryWorld;
    beforeAll(async () => {
      w = await createDeliveryWorld(t, { projectName: 'Tilgang' });
    });

    /** a fresh WRITE_ACCESS person imports; `change` happens while the job waits for the second file */
    async function importChangedBy(change: (person: { userId: string; key: string }) => Promise<unknown>) {
      const person = await createTestUser(t.deps.database.db);
      await giveCustomerRole(t.deps.database.db, {
        customerId: w.customerId,
        userId: person.userId,
        role: 'WRITE_ACCESS',
      });
      await connect(person.key);
      const before = await documentsIn(w.buildingId);
      const held = provider.holdDownload(1);
      const importId = await requestImport(person.key, w.buildingId);
      await held.reached;
      await change(person);
      held.release();
      const ended = await settled(importId);
      const after = await documentsIn(w.buildingId);
      return { ended, added: after.filter((d) => !before.some((b) => b.id === d.id)) };
    }

    it('with access unchanged, the import completes', async () => {
      const { ended, added } = await importChangedBy(async () => undefined);
      expect(ended).toMatchObject({ status: 'done', files: 3, imported: 3, error: null });
      expect(added.map((d) => d.project_id)).toEqual([w.projectId, w.projectId, w.projectId]);
    });

    it.each([
      [
        'lowered to READ_ACCESS',
        (person: { userId: string }) =>
          giveCustomerRole(t.deps.database.db, {
            customerId: w.customerId,
            userId: person.userId,
            role: 'READ_ACCESS',
          }),
        'stopped: the person who started the import may no longer write to the project (This operation needs the WRITE_ACCESS role or more)',
      ],
      [
        'removed from the customer',
        (person: { userId: string }) =>
          t.deps.database.db.deleteFrom('customer_members').where('user_id', '=', person.userId).execute(),
        'stopped: the person who started the import may no longer write to the project (Project not found)',
      ],
      [
        'deactivated',
        (person: { userId: string }) =>
          t.deps.database.db
            .updateTable('users')
            .set({ status: 'deactivated' })
            .where('id', '=', person.userId)
            .execute(),
        'stopped: the person who started the import is deactivated',
      ],
      [
        'whose personal key that asked for it is revoked',
        async (person: { userId: string; key: string }) => {
          const { id } = await t.deps.database.db
            .selectFrom('user_api_keys')
            .select('id')
            .where('user_id', '=', person.userId)
            .executeTakeFirstOrThrow();
          const revoked = await t.request({ method: 'DELETE', url: `/auth/api-keys/${id}`, key: person.key });
          expect(revoked.status).toBe(204);
          // ended in the revocation's transaction, before the job asks again
          expect(
            await t.deps.database.db
              .selectFrom('storage_provider_imports')
              .select('status')
              .where('user_id', '=', person.userId)
              .executeTakeFirstOrThrow(),
          ).toEqual({ status: 'failed' });
        },
        IMPORT_ENDED_BY_KEY,
      ],
      [
        'whose personal key that asked for it expires',
        (person: { userId: string }) =>
          t.deps.database.db
            .updateTable('user_api_keys')
            .set({ expires_at: new Date(Date.now() - 1000) })
            .where('user_id', '=', person.userId)
            .execute(),
        IMPORT_ENDED_BY_KEY,
      ],
    ])('%s: the import stops before the next file, and says why', async (_case, change, reason) => {
      const { ended, added } = await importChangedBy(change);
      // the first file came in while the person could still write; none after
      expect(ended).toMatchObject({ status: 'failed', files: 3, imported: 1, error: reason });
      expect(ended.finished_at).not.toBeNull();
      expect(added).toHaveLength(1);
      expect(JSON.parse(JSON.stringify(ended.document_ids))).toEqual(added.map((d) => d.id));
    });
  });
});

describe('the storage-provider connection, not configured', () => {
  it('says so on every route', async () => {
    const t = await createTestApp({ engine: 'pglite' });
    try {
      const w = await createDeliveryWorld(t);
      const start = await t.request({
        method: 'GET',
        url: '/integrations/storage-provider/oauth/start',
        key: w.adminKey,
      });
      expect(start.status).toBe(404);
      expect(start.body.code).toBe('storage_provider.not_configured');
    } finally {
      await t.close();
    }
  });
});
