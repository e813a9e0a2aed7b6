import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryWorld, portalUpload, type DeliveryWorld } from '../helpers/delivery-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/**
 * The portal as an attacker holding a valid link sees it: what the link holder states about itself never passes for
 * someone else in what the contractor reads, the token never reaches the log, another tenant's ids answer exactly as ids that do not exist, and guessing tokens
 * is counted against the address. (portal-isolation.db.test.ts covers the other subcontractor of the same project,
 * revoked and expired tokens; archived-project and handover the closed project.)
 */
describe.each(testEngines())('what a portal link reaches, on %s', (engine) => {
  let t: TestApp;
  let w: DeliveryWorld;
  /** another customer's project, subcontractor and document */
  let stranger: DeliveryWorld;
  let strangersDocument: string;
  const logLines: string[] = [];
  const UNKNOWN = '01a20de0-2698-77ef-9bda-77a750724d95';
  const pdf = (text: string) => Buffer.from(`%PDF-1.4 ${text}`);
  const db = () => t.deps.database.db;
  const portal = (path: string) => `/construction/public/${path}/${w.projectId}/${w.subcontractorId}`;

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        logLines.push(chunk.toString('utf8'));
        callback();
      },
    });
    t = await createTestApp({ engine, logStream });
    w = await createDeliveryWorld(t);
    stranger = await createDeliveryWorld(t, { projectName: 'Annet prosjekt' });
    strangersDocument = await portalUpload(t, { ...stranger, filename: 'fremmed.pdf', bytes: pdf('fremmed') });
  });
  afterAll(() => t.close());

  it('names the company its link was issued to first wherever a deletion shows who did it, whatever updatedBy says', async () => {
    const documentId = await portalUpload(t, { ...w, filename: 'slettes.pdf', bytes: pdf('slettes') });
    const deleted = await t.request({
      method: 'DELETE',
      url: `${portal('documents')}/${documentId}?updatedBy=${encodeURIComponent('Ola Byggeleder')}`,
      token: w.token,
    });
    expect(deleted.status).toBe(200);
    const history = await t.request({
      method: 'GET',
      url: `/construction/documents/${documentId}/history`,
      key: w.adminKey,
    });
    expect(history.status).toBe(200);
    const archived = (history.body.history as { field: string; actor: { kind: string; label: string } }[]).find(
      (entry) => entry.field === 'archived',
    );
    // was: `{ kind: 'subcontractor', label: 'Ola Byggeleder' }`, and the document's updatedBy `Ola Byggeleder`
    expect(archived?.actor).toMatchObject({ kind: 'subcontractor', label: 'Rør & Varme AS (Ola Byggeleder)' });
    const row = await db()
      .selectFrom('documents')
      .select('updated_by')
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    expect(row.updated_by).toBe('Rør & Varme AS (Ola Byggeleder)');
    // the audit log keeps the stated name apart from the actor, as before
    const event = await db()
      .selectFrom('audit_events')
      .select(['actor_label', 'details'])
      .where('action', '=', 'document.archived')
      .where('target_id', '=', documentId)
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({ actor_label: 'Rør & Varme AS', details: { statedBy: 'Ola Byggeleder' } });
  });

  it('shows an upload as the company’s, with the stated uploader after it', async () => {
    const registered = await t.request({
      method: 'POST',
      url: portal('upload'),
      token: w.token,
      payload: { buildingId: w.buildingId, filename: 'erklæring.pdf', uploadedBy: 'Kari Nordmann, prosjektleder' },
    });
    expect(registered.status).toBe(200);
    const read = await t.request({
      method: 'GET',
      url: `/construction/documents/${registered.body.documentId}`,
      key: w.adminKey,
    });
    // was: `Kari Nordmann, prosjektleder`, as if one of the contractor's people had uploaded it
    expect(read.body.uploadedBy).toBe('Rør & Varme AS (Kari Nordmann, prosjektleder)');
    const unnamed = await t.request({
      method: 'POST',
      url: portal('upload'),
      token: w.token,
      payload: { buildingId: w.buildingId, filename: 'uten-navn.pdf', uploadedBy: '   ' },
    });
    const plain = await t.request({
      method: 'GET',
      url: `/construction/documents/${unnamed.body.documentId}`,
      key: w.adminKey,
    });
    expect(plain.body.uploadedBy).toBe('Rør & Varme AS');
  });

  it("answers another customer's document under the link's own path exactly as a document that does not exist", async () => {
    const calls = (documentId: string) => [
      { method: 'GET' as const, url: `${portal('documents')}/${documentId}` },
      {
        method: 'PUT' as const,
        url: `${portal('documents')}/${documentId}`,
        payload: { floor: 'U1', progressStatus: 'DONE' },
      },
      { method: 'GET' as const, url: `${portal('documents')}/${documentId}/get-signed-url?useGeneratedFile=false` },
      { method: 'DELETE' as const, url: `${portal('documents')}/${documentId}?updatedBy=x` },
    ];
    const unknown = calls(UNKNOWN);
    for (const [index, call] of calls(strangersDocument).entries()) {
      const answer = await t.request({ ...call, token: w.token });
      const nothing = await t.request({ ...unknown[index]!, token: w.token });
      expect(answer.status, call.url).toBe(404);
      expect([answer.body.code, answer.body.detail]).toEqual([nothing.body.code, nothing.body.detail]);
    }
    // and as a replaced document of an upload
    const replace = (id: string) =>
      t.request({
        method: 'POST',
        url: portal('upload'),
        token: w.token,
        payload: { buildingId: w.buildingId, filename: 'ny.pdf', replacesDocumentId: id },
      });
    const [foreign, missing] = [await replace(strangersDocument), await replace(UNKNOWN)];
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual(missing.body.errors);
    const row = await db()
      .selectFrom('documents')
      .select(['floor', 'archived_at', 'superseded_by'])
      .where('id', '=', strangersDocument)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ floor: null, archived_at: null, superseded_by: null });
  });

  it('takes the token from the Authorization header only, and writes it into no log line', async () => {
    const before = logLines.length;
    for (const name of ['token', 'access_token', 't', 'sct']) {
      const answer = await t.request({ method: 'GET', url: `${portal('project')}?${name}=${w.token}` });
      expect(answer.status, name).toBe(401);
      expect(answer.body.code).toBe('auth.missing_subcontractor_token');
    }
    expect(
      (await t.request({ method: 'GET', url: portal('project'), headers: { authorization: w.token } })).status,
    ).toBe(200);
    expect((await t.request({ method: 'GET', url: portal('delivery'), token: w.token })).status).toBe(200);
    const written = logLines.slice(before).join('');
    expect(written).toContain(`/construction/public/project/${w.projectId}`);
    // was: `?t=sct_...` and `?sct=sct_...` in the request log
    expect(written).not.toContain(w.token.slice('sct_'.length));
  });
});

describe.each(testEngines())('guessing portal tokens, on %s', (engine) => {
  const MAX = 5;
  let t: TestApp;
  let w: DeliveryWorld;

  beforeAll(async () => {
    t = await createTestApp({ engine, options: { rateLimit: { enabled: true, max: MAX, windowMs: 3_600_000 } } });
    w = await createDeliveryWorld(t);
  }, 60_000);
  afterAll(() => t?.close());

  it('counts made-up tokens on the portal against the address, and a real token from it is still answered', async () => {
    const from = '203.0.113.77';
    const url = `/construction/public/project/${w.projectId}/${w.subcontractorId}`;
    const statuses: number[] = [];
    for (let i = 0; i < MAX + 2; i++) {
      const guess = await t.request({
        method: 'GET',
        url,
        headers: { authorization: `sct_guess${i}` },
        remoteAddress: from,
      });
      statuses.push(guess.status);
    }
    expect(statuses).toEqual([...Array<number>(MAX).fill(401), 429, 429]);
    const real = await t.request({ method: 'GET', url, token: w.token, remoteAddress: from });
    expect(real.status).toBe(200);
  });
});
