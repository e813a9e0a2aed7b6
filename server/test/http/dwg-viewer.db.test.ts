import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryWorld, portalUpload, type DeliveryWorld } from '../helpers/delivery-fixtures.js';
import { dxfDrawing } from '../helpers/document-fixtures.js';
import { createTestCustomer, createTestUser, giveCustomerRole } from '../helpers/people-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

const DWG = new URL('../fixtures/drawings/ezdxf-dim-linear.dwg', import.meta.url);

/**
 * The drawing viewer on a real AutoCAD DWG and on a DXF plan: extents, layers and an SVG with blocks expanded,
 * made once per file; a clear 400 for what is not a drawing or cannot be read.
 */
describe.each(testEngines())('the drawing viewer, on %s', (engine) => {
  let t: TestApp;
  let w: DeliveryWorld;
  const ids: Record<string, string> = {};
  const viewer = (id: string, key = w.adminKey) =>
    t.request({ method: 'GET', url: `/construction/documents/${id}/dwg-viewer`, key });

  beforeAll(async () => {
    t = await createTestApp({ engine });
    w = await createDeliveryWorld(t);
    const files: [string, string, Buffer][] = [
      ['dwg', 'RIV/Tegninger/RIV-360-001 Målsetting.dwg', await readFile(DWG)],
      ['dxf', 'RIV/Tegninger/RIV-360-002 Pumperom.dxf', Buffer.from(dxfDrawing())],
      ['pdf', 'RIV/FDV/FDV pumpe.pdf', Buffer.from('%PDF-1.4 ikke en tegning')],
      ['broken', 'RIV/Tegninger/Ødelagt.dwg', Buffer.from('AC1027 this is no drawing at all')],
      ['lost', 'RIV/Tegninger/Borte.dxf', Buffer.from(dxfDrawing())],
    ];
    for (const [name, filename, bytes] of files) ids[name] = await portalUpload(t, { ...w, filename, bytes });
  }, 60_000);
  afterAll(() => t.close());

  it('reads a real AutoCAD drawing: its layers, the extents AutoCAD recorded, dimensions and blocks drawn', async () => {
    const view = await viewer(ids.dwg!);
    expect(view.status, JSON.stringify(view.body).slice(0, 300)).toBe(200);
    expect(view.body.layers.map((l: { name: string }) => l.name)).toEqual(['0', 'Defpoints', 'DimStyle variables R12']);
    expect(view.body.layers.every((l: { visible: boolean }) => l.visible)).toBe(true);
    // the file's own EXTMIN/EXTMAX: (-0.39, -5.483) to (26.931, 11.478)
    expect(view.body.extents.minX).toBeCloseTo(-0.39, 2);
    expect(view.body.extents.minY).toBeCloseTo(-5.483, 2);
    expect(view.body.extents.maxX).toBeCloseTo(26.93, 1);
    expect(view.body.extents.maxY).toBeCloseTo(11.478, 2);
    const svg: string = view.body.svg;
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    // the dimension texts live in the dimensions' anonymous blocks: drawn, so the blocks were expanded
    expect(svg).toContain('>300</text>');
    expect(svg).toContain('>dimtad=0</text>');
    expect((svg.match(/<polyline /g) ?? []).length).toBeGreaterThan(40);
  });

  it('reads a DXF plan: layer colours and visibility, a block inserted turned and scaled, and the extents', async () => {
    const view = await viewer(ids.dxf!);
    expect(view.status).toBe(200);
    expect(view.body.layers).toEqual([
      { name: '0', color: '#ffffff', visible: true },
      { name: 'VVS', color: '#ff0000', visible: true },
      { name: 'Skjult', color: '#00ff00', visible: false },
      { name: 'Frosset', color: '#0000ff', visible: false },
    ]);
    expect(view.body.extents).toEqual({ minX: -1, minY: -5, maxX: 21, maxY: 31 });
    // PUMPE's line (0,0)-(1,0), doubled and turned a quarter at (20,0): (20,0)-(20,2), in y-down SVG
    expect(view.body.svg).toContain('<polyline points="20,0 20,-2" stroke="#ff0000"/>');
    expect(view.body.svg).toContain('<g data-layer="Skjult" display="none">');
  });

  it('is made once per file: later requests read the stored view, even with the file itself gone', async () => {
    const first = await viewer(ids.dxf!);
    const row = await t.deps.database.db
      .selectFrom('documents')
      .select('blob_key')
      .where('id', '=', ids.dxf!)
      .executeTakeFirstOrThrow();
    await t.deps.blobs.delete(row.blob_key);
    const again = await viewer(ids.dxf!);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  it('is sent as stored: gzipped to a client that takes it, and not at all to one that holds its ETag', async () => {
    const plain = await viewer(ids.dxf!);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    // was: the whole view parsed and serialised again on the API's thread, and sent uncompressed
    const zipped = await t.app.inject({
      method: 'GET',
      url: `/construction/documents/${ids.dxf}/dwg-viewer`,
      headers: { 'x-api-key': w.adminKey, 'accept-encoding': 'br, gzip;q=0.8' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toMatch(/^application\/json/);
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.body);
    const refused = await t.app.inject({
      method: 'GET',
      url: `/construction/documents/${ids.dxf}/dwg-viewer`,
      headers: { 'x-api-key': w.adminKey, 'accept-encoding': 'gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(refused.body)).toEqual(plain.body);
    const held = await t.app.inject({
      method: 'GET',
      url: `/construction/documents/${ids.dxf}/dwg-viewer`,
      headers: { 'x-api-key': w.adminKey, 'if-none-match': etag },
    });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');
    // the ETag is checked after access: someone outside the project holding it gets 404, not 304
    const { customerId } = await createTestCustomer(t.deps.database.db, { name: 'Etag AS' });
    const outsider = await createTestUser(t.deps.database.db, { email: 'etag@utenfor.test' });
    await giveCustomerRole(t.deps.database.db, { customerId, userId: outsider.userId, role: 'ADMIN' });
    const outside = await t.app.inject({
      method: 'GET',
      url: `/construction/documents/${ids.dxf}/dwg-viewer`,
      headers: { 'x-api-key': outsider.key, 'if-none-match': etag },
    });
    expect(outside.statusCode).toBe(404);
    // another drawing's view has its own ETag
    expect((await viewer(ids.dwg!)).headers.etag).not.toBe(etag);
  });

  it('answers 400 for a document that is no drawing or cannot be read, 404 to those outside the project', async () => {
    const pdf = await viewer(ids.pdf!);
    expect(pdf.status).toBe(400);
    expect(pdf.body.code).toBe('document.not_a_drawing');
    const broken = await viewer(ids.broken!);
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe('drawing.unreadable');
    expect(broken.body.detail ?? broken.body.title).toContain('Ødelagt.dwg');
    // a drawing whose file is gone from storage before its first view: a clear 409, not a 500
    const row = await t.deps.database.db
      .selectFrom('documents')
      .select('blob_key')
      .where('id', '=', ids.lost!)
      .executeTakeFirstOrThrow();
    await t.deps.blobs.delete(row.blob_key);
    const lost = await viewer(ids.lost!);
    expect(lost.status).toBe(409);
    expect(lost.body.code).toBe('document.file_missing');

    const { customerId } = await createTestCustomer(t.deps.database.db, { name: 'Annen AS' });
    const stranger = await createTestUser(t.deps.database.db, { email: 'fremmed@annen.test' });
    await giveCustomerRole(t.deps.database.db, { customerId, userId: stranger.userId, role: 'ADMIN' });
    expect((await viewer(ids.dwg!, stranger.key)).status).toBe(404);
    expect((await viewer('01a20e45-dc00-70be-9553-5ccb0cb89e6e')).status).toBe(404);
  });
});
