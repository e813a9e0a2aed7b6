import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDelivery, createDeliveryWorld, portalUpload, type DeliveryWorld } from '../helpers/delivery-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/**
 * One case per field rule of the application spec's Delivery and Construction document tables (each bound just inside
 * and just outside), unknown members and the members a body does not accept, on both database engines. A refused
 * case must be a 400 naming the field; an accepted one a 2xx.
 */
const s = (length: number, letter = 'x') => letter.repeat(length);
const list = (count: number, item = 'a') => Array.from({ length: count }, (_, i) => `${item}${i}`);
const NOT_A_UUID = '01a20de0-2698-77ef-9bda-77a75072'; // 32 characters
/** UUIDs the strict form refuses: version digit 0, variant digit c */
const VERSION_0 = '01a20de0-2698-07ef-9bda-77a750724d95';
const VARIANT_C = '01a20de0-2698-77ef-cbda-77a750724d95';

/** 'ok', or the path the 400 must name */
type Case = [name: string, body: Record<string, unknown>, want: string];

/** create: [name, members added to a valid body, 'ok' or the path the 400 must name] */
const CREATE: Case[] = [
  ['buildingCategory three digits', { buildingCategory: '320' }, 'ok'],
  ['buildingCategory four digits starting 2', { buildingCategory: '2000' }, 'ok'],
  ['buildingCategory four digits starting 7', { buildingCategory: '7999' }, 'ok'],
  ['buildingCategory MSC', { buildingCategory: 'MSC' }, 'ok'],
  ['buildingCategory two digits', { buildingCategory: '32' }, '/buildingCategory'],
  ['buildingCategory four digits starting 1', { buildingCategory: '1999' }, '/buildingCategory'],
  ['buildingCategory four digits starting 8', { buildingCategory: '8000' }, '/buildingCategory'],
  ['buildingCategory five digits', { buildingCategory: '32011' }, '/buildingCategory'],
  ['buildingCategory msc in lower case', { buildingCategory: 'msc' }, '/buildingCategory'],
  ['buildingCategory missing', { buildingCategory: undefined }, '/buildingCategory'],
  ['fullCategory four digits', { fullCategory: '4321' }, 'ok'],
  ['fullCategory MSC', { fullCategory: 'MSC' }, 'ok'],
  ['fullCategory four digits starting 0', { fullCategory: '0123' }, '/fullCategory'],
  ['fullCategory with a dot', { fullCategory: '32.1' }, '/fullCategory'],
  ['fullCategory missing', { fullCategory: undefined }, '/fullCategory'],
  ['customerId missing', { customerId: undefined }, '/customerId'],
  ['customerId not a UUID', { customerId: NOT_A_UUID }, '/customerId'],
  ['projectId missing', { projectId: undefined }, '/projectId'],
  ['projectId not a UUID', { projectId: NOT_A_UUID }, '/projectId'],
  ['serialNumber of 1', { serialNumber: 'x' }, 'ok'],
  ['serialNumber of 100', { serialNumber: s(100) }, 'ok'],
  ['serialNumber empty', { serialNumber: '' }, '/serialNumber'],
  ['serialNumber of 101', { serialNumber: s(101) }, '/serialNumber'],
  ['description of 2000', { description: s(2000) }, 'ok'],
  ['description of 2001', { description: s(2001) }, '/description'],
  ['discipline of 255', { discipline: s(255) }, 'ok'],
  ['discipline of 256', { discipline: s(256) }, '/discipline'],
  [
    'contactPerson with every member at its bound',
    { contactPerson: { name: s(255), email: s(255), phone: s(100) } },
    'ok',
  ],
  ['contactPerson phone null', { contactPerson: { name: 'Ola', phone: null } }, 'ok'],
  ['contactPerson name of 256', { contactPerson: { name: s(256) } }, '/contactPerson/name'],
  ['contactPerson email of 256', { contactPerson: { email: s(256) } }, '/contactPerson/email'],
  ['contactPerson phone of 101', { contactPerson: { phone: s(101) } }, '/contactPerson/phone'],
  ['contactPerson with another member', { contactPerson: { name: 'Ola', title: 'Sjef' } }, '/contactPerson/title'],
  ['informationTypes of 200', { informationTypes: list(200).map((informationType) => ({ informationType })) }, 'ok'],
  [
    'informationTypes of 201',
    { informationTypes: list(201).map((informationType) => ({ informationType })) },
    '/informationTypes',
  ],
  ['item informationType of 255', { informationTypes: [{ informationType: s(255) }] }, 'ok'],
  [
    'item informationType of 256',
    { informationTypes: [{ informationType: s(256) }] },
    '/informationTypes/0/informationType',
  ],
  [
    'item without informationType',
    { informationTypes: [{ approvalStatus: null }] },
    '/informationTypes/0/informationType',
  ],
  ['item approvalStatus APPROVED', { informationTypes: [{ informationType: 'A', approvalStatus: 'APPROVED' }] }, 'ok'],
  ['item approvalStatus DECLINED', { informationTypes: [{ informationType: 'A', approvalStatus: 'DECLINED' }] }, 'ok'],
  ['item approvalStatus null', { informationTypes: [{ informationType: 'A', approvalStatus: null }] }, 'ok'],
  [
    'item approvalStatus PENDING',
    { informationTypes: [{ informationType: 'A', approvalStatus: 'PENDING' }] },
    '/informationTypes/0/approvalStatus',
  ],
  ['item comment of 2000', { informationTypes: [{ informationType: 'A', comment: s(2000) }] }, 'ok'],
  [
    'item comment of 2001',
    { informationTypes: [{ informationType: 'A', comment: s(2001) }] },
    '/informationTypes/0/comment',
  ],
  ['item comment null', { informationTypes: [{ informationType: 'A', comment: null }] }, 'ok'],
  ['item secondaryComment of 2000', { informationTypes: [{ informationType: 'A', secondaryComment: s(2000) }] }, 'ok'],
  [
    'item secondaryComment of 2001',
    { informationTypes: [{ informationType: 'A', secondaryComment: s(2001) }] },
    '/informationTypes/0/secondaryComment',
  ],
  ['item verifiedBy of 255', { informationTypes: [{ informationType: 'A', verifiedBy: s(255) }] }, 'ok'],
  [
    'item verifiedBy of 256',
    { informationTypes: [{ informationType: 'A', verifiedBy: s(256) }] },
    '/informationTypes/0/verifiedBy',
  ],
  ['item verifiedAt of 64', { informationTypes: [{ informationType: 'A', verifiedAt: s(64) }] }, 'ok'],
  [
    'item verifiedAt of 65',
    { informationTypes: [{ informationType: 'A', verifiedAt: s(65) }] },
    '/informationTypes/0/verifiedAt',
  ],
  [
    'item with another member',
    { informationTypes: [{ informationType: 'A', status: 'x' }] },
    '/informationTypes/0/status',
  ],
  ['informationTypesExpected of 200', { informationTypesExpected: list(200) }, 'ok'],
  ['informationTypesExpected of 201', { informationTypesExpected: list(201) }, '/informationTypesExpected'],
  ['informationTypesExpected item of 255', { informationTypesExpected: [s(255)] }, 'ok'],
  ['informationTypesExpected item of 256', { informationTypesExpected: [s(256)] }, '/informationTypesExpected/0'],
  ['subContractorId is not accepted on create', { subContractorId: null }, '/subContractorId'],
  ['comment is not accepted on create', { comment: 'c' }, '/comment'],
  ['secondaryComment is not accepted on create', { secondaryComment: 'c' }, '/secondaryComment'],
  ['an unknown member', { colour: 'red' }, '/colour'],
];

/** update: [name, body, 'ok' or the path] */
const UPDATE: Case[] = [
  ['an empty body', {}, 'ok'],
  ['buildingCategory left out, fullCategory changed', { fullCategory: '3202' }, 'ok'],
  ['buildingCategory of four digits starting 9', { buildingCategory: '9000' }, '/buildingCategory'],
  ['subContractorId null', { subContractorId: null }, 'ok'],
  ['subContractorId of 65', { subContractorId: s(65) }, '/subContractorId'],
  ['comment of 2000', { comment: s(2000) }, 'ok'],
  ['comment of 2001', { comment: s(2001) }, '/comment'],
  ['secondaryComment of 2000', { secondaryComment: s(2000) }, 'ok'],
  ['secondaryComment of 2001', { secondaryComment: s(2001) }, '/secondaryComment'],
  ['serialNumber of 101', { serialNumber: s(101) }, '/serialNumber'],
  [
    'informationTypes of 201',
    { informationTypes: list(201).map((informationType) => ({ informationType })) },
    '/informationTypes',
  ],
  ['informationTypesExpected item of 256', { informationTypesExpected: [s(256)] }, '/informationTypesExpected/0'],
  ['customerId is not accepted on update', { customerId: '01a20de0-2698-77ef-9bda-77a750724d95' }, '/customerId'],
  ['projectId is not accepted on update', { projectId: '01a20de0-2698-77ef-9bda-77a750724d95' }, '/projectId'],
  ['an unknown member', { colour: 'red' }, '/colour'],
];

const NULLABLE_TEXT = [
  'buildingCategory',
  'discipline',
  'drawingCode',
  'drawingDate',
  'filenameDescriptive',
  'floor',
  'serialNumber',
  'tfmCode',
];
const STRING_LISTS = ['informationTypes', 'roomLocations', 'tags'];

/** the construction document update body (member route and portal alike) */
const DOCUMENT: Case[] = [
  ...NULLABLE_TEXT.flatMap((field): Case[] => [
    [`${field} of 1000`, { [field]: s(1000, '1') }, 'ok'],
    [`${field} null`, { [field]: null }, 'ok'],
    [`${field} of 1001`, { [field]: s(1001, '1') }, `/${field}`],
  ]),
  ['filename of 1', { filename: 'a' }, 'ok'],
  ['filename of 2000', { filename: `${s(1996)}.pdf` }, 'ok'],
  ['filename empty', { filename: '' }, '/filename'],
  ['filename of 2001', { filename: `${s(1997)}.pdf` }, '/filename'],
  ['filename null', { filename: null }, '/filename'],
  ...STRING_LISTS.flatMap((field): Case[] => [
    [`${field} of 100 items`, { [field]: list(100) }, 'ok'],
    [`${field} of 101 items`, { [field]: list(101) }, `/${field}`],
    [`${field} item of 500`, { [field]: [s(500)] }, 'ok'],
    [`${field} item of 501`, { [field]: [s(501)] }, `/${field}/0`],
    [`${field} null`, { [field]: null }, 'ok'],
  ]),
  ['progressStatus IN_PROGRESS', { progressStatus: 'IN_PROGRESS' }, 'ok'],
  ['progressStatus READY_TO_REVIEW', { progressStatus: 'READY_TO_REVIEW' }, 'ok'],
  ['progressStatus null leaves it as it is', { progressStatus: null }, 'ok'],
  ['progressStatus NO_DOCUMENTS (a delivery state)', { progressStatus: 'NO_DOCUMENTS' }, '/progressStatus'],
  ['progressStatus CORRUPT (set by processing)', { progressStatus: 'CORRUPT' }, '/progressStatus'],
  ['progressStatus not a state', { progressStatus: 'FINISHED' }, '/progressStatus'],
  ['id version 0', { id: VERSION_0 }, '/id'],
  ['id variant c', { id: VARIANT_C }, '/id'],
  ['id the all-zero UUID (strict form, but another document)', { id: '00000000-0000-0000-0000-000000000000' }, '/id'],
  ['an unknown member', { colour: 'red' }, '/colour'],
];

describe.each(testEngines())('field rules of deliveries and construction documents, on %s', (engine) => {
  let t: TestApp;
  let w: DeliveryWorld;
  let deliveryId: string;
  let documentId: string;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    w = await createDeliveryWorld(t);
    deliveryId = (await createDelivery(t, { world: w, subcontractorId: w.subcontractorId })).id;
    documentId = await portalUpload(t, {
      ...w,
      filename: 'FDV ventilasjon.pdf',
      bytes: Buffer.from('%PDF-1.4 regler'),
      deliveryId,
      informationType: 'FDV-dokumentasjon',
    });
  });
  afterAll(() => t.close());

  function judge(response: { status: number; body: any; headers: Record<string, unknown> }, want: string) {
    if (want === 'ok') {
      expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBeLessThan(300);
      return;
    }
    expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(400);
    expect(String(response.headers['content-type'])).toContain('problem+json');
    const paths = (response.body.errors as { path: string }[]).map((error) => error.path);
    expect(paths).toContain(want);
  }

  it.each(CREATE)('create: %s', async (_name, members, want) => {
    const payload: Record<string, unknown> = {
      customerId: w.customerId,
      projectId: w.projectId,
      buildingCategory: '320',
      fullCategory: '3201',
      ...members,
    };
    for (const [key, value] of Object.entries(payload)) if (value === undefined) delete payload[key];
    judge(await t.request({ method: 'POST', url: '/construction/deliveries/', key: w.adminKey, payload }), want);
  });

  it.each(UPDATE)('update: %s', async (_name, payload, want) => {
    judge(
      await t.request({ method: 'PUT', url: `/construction/deliveries/${deliveryId}`, key: w.adminKey, payload }),
      want,
    );
  });

  it('update: a subContractorId of 64 characters passes the length rule and must name a subcontractor', async () => {
    const response = await t.request({
      method: 'PUT',
      url: `/construction/deliveries/${deliveryId}`,
      key: w.adminKey,
      payload: { subContractorId: s(64) },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { path: '/subContractorId', message: 'is not a subcontractor of this project' },
    ]);
  });

  it('delete: the id and the body projectId are exactly 36 characters', async () => {
    const url = (id: string) => `/construction/deliveries/${id}`;
    const del = (id: string, payload: Record<string, unknown>) =>
      t.request({ method: 'DELETE', url: url(id), key: w.adminKey, payload });
    judge(await del(deliveryId.slice(0, 35), { projectId: w.projectId }), '/id');
    judge(await del(`${deliveryId}a`, { projectId: w.projectId }), '/id');
    judge(await del(deliveryId, { projectId: w.projectId.slice(0, 35) }), '/projectId');
    judge(await del(deliveryId, { projectId: `${w.projectId}a` }), '/projectId');
    judge(await del(deliveryId, {}), '/projectId');
    judge(await del(deliveryId, { projectId: w.projectId, extra: 1 }), '/extra');
    // 36 characters of another project: not this project's delivery
    const other = await del(deliveryId, { projectId: '01a20de0-2698-77ef-9bda-77a750724d95' });
    expect(other.status).toBe(404);
    const gone = await createDelivery(t, { world: w });
    expect((await del(gone.id, { projectId: w.projectId })).body).toEqual({ success: true });
    const listed = await t.request({
      method: 'GET',
      url: `/construction/deliveries/project/${w.projectId}`,
      key: w.adminKey,
    });
    expect(listed.body.deliveries.map((d: { id: string }) => d.id)).not.toContain(gone.id);
  });

  it.each(DOCUMENT)('document, member route: %s', async (_name, payload, want) => {
    judge(
      await t.request({ method: 'PUT', url: `/construction/documents/${documentId}`, key: w.adminKey, payload }),
      want,
    );
  });

  it.each(DOCUMENT)('document, portal: %s', async (_name, payload, want) => {
    judge(
      await t.request({
        method: 'PUT',
        url: `/construction/public/documents/${w.projectId}/${w.subcontractorId}/${documentId}`,
        token: w.token,
        payload,
      }),
      want,
    );
  });

  it('document: its own id in the body is accepted, in any case', async () => {
    for (const id of [documentId, documentId.toUpperCase()]) {
      judge(
        await t.request({
          method: 'PUT',
          url: `/construction/documents/${documentId}`,
          key: w.adminKey,
          payload: { id, floor: '2' },
        }),
        'ok',
      );
    }
  });

  it('portal: the path ids of a document update and a signed URL are strict UUIDs; the signed URL needs useGeneratedFile', async () => {
    const base = '/construction/public/documents';
    const put = (p: string, s2: string, d: string) =>
      t.request({ method: 'PUT', url: `${base}/${p}/${s2}/${d}`, token: w.token, payload: { floor: '1' } });
    judge(await put(VERSION_0, w.subcontractorId, documentId), '/projectId');
    judge(await put(w.projectId, VARIANT_C, documentId), '/subcontractorId');
    judge(await put(w.projectId, w.subcontractorId, VERSION_0), '/documentId');
    const signed = (query: string) =>
      t.request({
        method: 'GET',
        url: `${base}/${w.projectId}/${w.subcontractorId}/${documentId}/get-signed-url${query}`,
        token: w.token,
      });
    judge(await signed(''), '/useGeneratedFile');
    judge(await signed('?useGeneratedFile=maybe'), '/useGeneratedFile');
    judge(await signed('?useGeneratedFile=false'), 'ok');
  });

  it('portal upload: buildingId and filename are required, deliveryId is a UUID, nothing unknown', async () => {
    // a delivery of its own: the update cases above take the first one from the subcontractor
    const own = (await createDelivery(t, { world: w, subcontractorId: w.subcontractorId })).id as string;
    const upload = (payload: Record<string, unknown>) =>
      t.request({
        method: 'POST',
        url: `/construction/public/upload/${w.projectId}/${w.subcontractorId}`,
        token: w.token,
        payload,
      });
    judge(await upload({ filename: 'a.pdf' }), '/buildingId');
    judge(await upload({ buildingId: w.buildingId }), '/filename');
    judge(await upload({ buildingId: w.buildingId, filename: 'a.pdf', deliveryId: NOT_A_UUID }), '/deliveryId');
    judge(await upload({ buildingId: w.buildingId, filename: 'a.pdf', folder: 'x' }), '/folder');
    judge(
      await upload({ buildingId: w.buildingId, filename: 'a.pdf', deliveryId: own, informationType: 'Tegninger' }),
      '/informationType',
    );
    judge(
      await upload({
        buildingId: w.buildingId,
        filename: 'a.pdf',
        projectId: 'p',
        packageId: 'k',
        uploadedBy: 'Kari',
        parentFolderId: 'f',
      }),
      'ok',
    );
  });
});
