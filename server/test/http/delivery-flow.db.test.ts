import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalUpload } from '../helpers/delivery-fixtures.js';
import { makePdf } from '../helpers/document-fixtures.js';
import { createTestCustomer, createTestUser, giveCustomerRole } from '../helpers/people-fixtures.js';
import { smtpMailSettings, startTestSmtpServer, type TestSmtpServer } from '../helpers/smtp-server.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/**
 * The whole delivery over HTTP, as the people in it would live it: a contractor sets up a project, a subcontractor
 * and two deliveries expecting three information types, and mails the portal link (a real SMTP server receives
 * it); the subcontractor uploads through the public routes with the token from that mail; the files are processed
 * and classified; the contractor declines one type with a comment (mailed) and approves the rest; the subcontractor
 * replaces the declined file, and progress reaches DONE.
 */
describe.each(testEngines())('a delivery from request to approval, on %s', (engine) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let key: string;
  let customerId: string;
  const SUBCONTRACTOR_EMAIL = 'post@rorogvarme.test';

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({
      engine,
      workers: true,
      settings: { mail: smtpMailSettings(smtp) },
    });
    const db = t.deps.database.db;
    customerId = (await createTestCustomer(db, { name: 'Veidekke Bygg AS' })).customerId;
    const leader = await createTestUser(db, { email: 'prosjektleder@veidekke.test', name: 'Per Prosjektleder' });
    await giveCustomerRole(db, { customerId, userId: leader.userId, role: 'WRITE_ACCESS' });
    key = leader.key;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('runs from the e-mailed link to every information type approved', async () => {
    const member = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
      t.request({ method, url, key, ...(payload ? { payload } : {}) });

    // the contractor: project, subcontractor, two deliveries
    const project = await member('POST', `/construction/customers/${customerId}/projects`, {
      name: 'Kvartal 7 Bjørvika',
      buildings: [{ name: 'Blokk B' }],
    });
    expect(project.status).toBe(201);
    const projectId = project.body.id as string;
    const buildingId = project.body.buildings[0].id as string;
    const sub = await member('POST', `/construction/customers/${customerId}/projects/${projectId}/subcontractors`, {
      companyName: 'Rør & Varme AS',
      organisationNumber: '912345678',
      contactName: 'Kari Rørlegger',
      email: SUBCONTRACTOR_EMAIL,
      disciplines: ['VVS'],
    });
    expect(sub.status).toBe(201);
    const subcontractorId = sub.body.id as string;
    const newDelivery = async (description: string, expected: string[]) => {
      const created = await member('POST', '/construction/deliveries/', {
        customerId,
        projectId,
        buildingCategory: '310',
        fullCategory: '3101',
        description,
        contactPerson: { name: 'Kari Rørlegger', email: SUBCONTRACTOR_EMAIL, phone: null },
        informationTypesExpected: expected,
      });
      expect(created.status).toBe(201);
      expect(created.body.progress).toMatchObject({ expected: expected.length, delivered: 0, state: 'NO_DOCUMENTS' });
      const assigned = await member('PUT', `/construction/deliveries/${created.body.id}`, {
        subContractorId: subcontractorId,
      });
      expect(assigned.status).toBe(200);
      return created.body.id as string;
    };
    const sanitary = await newDelivery('Sanitæranlegg', ['FDV-dokumentasjon', 'Produktdatablad']);
    const heating = await newDelivery('Varmeanlegg', ['Samsvarserklæring']);

    // the preview shows the mail without issuing a token; the send mails a working link
    const mailBody = { projectId, subcontractorId, message: 'Frist fredag 4. desember.' };
    const preview = await member('POST', '/construction/deliveries/preview', mailBody);
    expect(preview.status).toBe(200);
    expect(preview.body.subject).toBe('Dokumentasjon for Kvartal 7 Bjørvika');
    expect(preview.body.text).toContain('Sanitæranlegg: Produktdatablad');
    expect(preview.body.html).toContain('Frist fredag 4. desember.');
    expect(await t.deps.database.db.selectFrom('subcontractor_tokens').selectAll().execute()).toHaveLength(0);
    const sent = await member('POST', '/construction/deliveries/send-subcontractor-email', mailBody);
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ sent: true });
    const request = await smtp.waitForMail(SUBCONTRACTOR_EMAIL, /Dokumentasjon for Kvartal 7/);
    expect(request.text).toContain('Varmeanlegg: Samsvarserklæring');
    const link = /(http\S+\/portal\/\S+)/.exec(request.text ?? '')?.[1];
    expect(link).toBeDefined();
    const portalLink = new URL(link!);
    expect(portalLink.pathname).toBe(`/portal/${projectId}/${subcontractorId}`);
    // the token and the e-mail's language travel in the fragment, which browsers never send to a server
    const fragment = new URLSearchParams(portalLink.hash.slice(1));
    expect(fragment.get('lang')).toBe('no');
    const token = fragment.get('token')!;
    expect(token).toMatch(/^sct_/);

    // the subcontractor, with nothing but the link
    const portal = (method: 'GET' | 'PUT' | 'DELETE', path: string, payload?: Record<string, unknown>) =>
      t.request({
        method,
        url: `/construction/public/${path}`,
        headers: { authorization: token },
        ...(payload ? { payload } : {}),
      });
    const seen = await portal('GET', `project/${projectId}/${subcontractorId}`);
    expect(seen.body).toMatchObject({ name: 'Kvartal 7 Bjørvika', customerName: 'Veidekke Bygg AS' });
    expect(seen.body.buildings).toEqual([{ id: buildingId, name: 'Blokk B' }]);
    const upload = async (filename: string, lines: string[], deliveryId: string, informationType: string) =>
      portalUpload(t, {
        projectId,
        subcontractorId,
        token,
        buildingId,
        filename,
        bytes: await makePdf(lines),
        deliveryId,
        informationType,
      });
    const fdv = await upload(
      'FDV sanitæranlegg.pdf',
      ['Forvaltning, drift og vedlikehold', 'Sanitæranlegg: vedlikeholdsinstruks for blandebatterier og sluk.'],
      sanitary,
      'FDV-dokumentasjon',
    );
    const datasheet = await upload(
      'Produktdatablad pumpe.pdf',
      ['Produktdatablad', 'Sirkulasjonspumpe, tekniske data: effekt 45 W, tilkobling DN25.'],
      sanitary,
      'Produktdatablad',
    );
    const declaration = await upload(
      'Samsvarserklæring varme.pdf',
      ['Samsvarserklæring', 'Varmeanlegget er utført i samsvar med TEK17.'],
      heating,
      'Samsvarserklæring',
    );
    await t.waitForProcessing([fdv, datasheet, declaration]);
    const document = await portal('GET', `documents/${projectId}/${subcontractorId}/${fdv}`);
    expect(document.status).toBe(200);
    expect(document.body).toMatchObject({
      processed: true,
      deliveryId: sanitary,
      deliveryInformationType: 'FDV-dokumentasjon',
      progressStatus: 'READY_TO_REVIEW',
      // the company the link was issued to first, the name the uploader gave after it
      uploadedBy: 'Rør & Varme AS (Kari Rørlegger)',
    });
    // classified like every other upload
    expect(document.body.buildingCategory).toMatch(/^3/);
    let mine = await portal('GET', `delivery/${projectId}/${subcontractorId}`);
    const progressOf = (id: string) =>
      (mine.body.deliveries as { id: string; progress: { state: string } }[]).find((d) => d.id === id)!.progress;
    expect(progressOf(sanitary)).toMatchObject({ expected: 2, delivered: 2, state: 'READY_TO_REVIEW' });
    expect(progressOf(heating)).toMatchObject({ expected: 1, delivered: 1, state: 'READY_TO_REVIEW' });

    // the contractor declines the data sheet (with a comment), approves the rest; who and when is the service's
    const reviewed = await member('PUT', `/construction/deliveries/${sanitary}`, {
      informationTypes: [
        { informationType: 'FDV-dokumentasjon', approvalStatus: 'APPROVED', verifiedBy: 'someone else' },
        {
          informationType: 'Produktdatablad',
          approvalStatus: 'DECLINED',
          comment: 'Databladet gjelder feil pumpe (DN32)',
        },
      ],
    });
    expect(reviewed.status).toBe(200);
    const items = reviewed.body.informationTypes as { verifiedBy: string; verifiedAt: string }[];
    expect(items.map((item) => item.verifiedBy)).toEqual([
      'prosjektleder@veidekke.test',
      'prosjektleder@veidekke.test',
    ]);
    expect(items.every((item) => !Number.isNaN(Date.parse(item.verifiedAt)))).toBe(true);
    expect(reviewed.body.progress).toMatchObject({ approved: 1, declined: 1, state: 'IN_REVIEW' });
    const review = await smtp.waitForMail(SUBCONTRACTOR_EMAIL, /gjennomgått/);
    expect(review.text).toContain('Produktdatablad: Databladet gjelder feil pumpe (DN32)');
    expect(review.text).toContain('FDV-dokumentasjon');
    expect(
      (
        await member('PUT', `/construction/deliveries/${heating}`, {
          informationTypes: [{ informationType: 'Samsvarserklæring', approvalStatus: 'APPROVED' }],
        })
      ).body.progress,
    ).toMatchObject({ state: 'DONE' });

    // approved documents are DONE, the declined one is back IN_PROGRESS, and the subcontractor cannot call it DONE
    const stateOf = async (id: string) => (await portal('GET', `documents/${projectId}/${subcontractorId}/${id}`)).body;
    expect((await stateOf(fdv)).progressStatus).toBe('DONE');
    expect((await stateOf(datasheet)).progressStatus).toBe('IN_PROGRESS');
    const refused = await portal('PUT', `documents/${projectId}/${subcontractorId}/${datasheet}`, {
      progressStatus: 'DONE',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('cannot set DONE');

    // the subcontractor replaces the declined file: deletes the old one (archived) and uploads a new one
    const removed = await portal('DELETE', `documents/${projectId}/${subcontractorId}/${datasheet}?updatedBy=Kari`);
    expect(removed.body).toEqual({ success: true });
    expect((await portal('GET', `documents/${projectId}/${subcontractorId}/${datasheet}`)).status).toBe(404);
    const archived = await t.deps.database.db
      .selectFrom('documents')
      .select(['archived_at'])
      .where('id', '=', datasheet)
      .executeTakeFirstOrThrow();
    expect(archived.archived_at).not.toBeNull();
    const replacement = await upload(
      'Produktdatablad pumpe DN25.pdf',
      ['Produktdatablad', 'Sirkulasjonspumpe DN25, tekniske data.'],
      sanitary,
      'Produktdatablad',
    );
    await t.waitForProcessing([replacement]);
    mine = await portal('GET', `delivery/${projectId}/${subcontractorId}`);
    expect(progressOf(sanitary)).toMatchObject({ approved: 1, declined: 0, state: 'IN_REVIEW' });

    const approved = await member('PUT', `/construction/deliveries/${sanitary}`, {
      informationTypes: [
        { informationType: 'FDV-dokumentasjon', approvalStatus: 'APPROVED' },
        { informationType: 'Produktdatablad', approvalStatus: 'APPROVED', comment: 'Ok nå' },
      ],
    });
    expect(approved.body.progress).toMatchObject({ expected: 2, delivered: 2, approved: 2, state: 'DONE' });
    // the first approval keeps who made it and when
    expect(approved.body.informationTypes[0].verifiedAt).toBe(items[0]!.verifiedAt);
    const all = await member('GET', `/construction/deliveries/project/${projectId}`);
    expect(all.body.deliveries.map((d: { progress: { state: string } }) => d.progress.state)).toEqual(['DONE', 'DONE']);
    expect((await stateOf(replacement)).progressStatus).toBe('DONE');

    // every step is in the customer's audit log and the documents' history
    const history = await member('GET', `/construction/documents/${datasheet}/history`);
    expect(history.body.history.map((h: { field: string; newValue: unknown }) => [h.field, h.newValue])).toEqual([
      ['progressStatus', 'IN_PROGRESS'],
      ['archived', true],
    ]);
    const actions = (
      await t.deps.database.db
        .selectFrom('audit_events')
        .select('action')
        .where('customer_id', '=', customerId)
        .execute()
    ).map((row) => row.action);
    for (const action of [
      'subcontractor.created',
      'delivery.created',
      'delivery.email_sent',
      'document.uploaded',
      'delivery.approval_changed',
      'document.archived',
    ]) {
      expect(actions).toContain(action);
    }
  }, 120_000);
});
