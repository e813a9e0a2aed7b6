import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailService } from '../../src/domain/mail/mail.service.js';
import { systemClock } from '../../src/domain/shared/clock.js';
import { up as dropMailKeys } from '../../src/storage/db/migrations/0055-mail-keys-dropped-after-sending.js';
import { createMailRepository } from '../../src/storage/db/repositories/mail.repository.js';
import { lastMailTo } from '../helpers/received-mail.js';
import { setPasswordToken } from '../helpers/sign-in-flows.js';
import { ADMIN_TOKEN, PUBLIC_URL, createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/**
 * A mail's links that work as keys (set a password, open a subcontractor's portal) go out whole, but the stored
 * record keeps only their page: whoever reads `mail_messages`, a dump or a backup finds no key there, once the
 * message has gone or failed for good. Before that, only the bodies waiting to be sent hold it.
 */
describe.each(testEngines())('keys in stored mail, on %s', (engine) => {
  let t: TestApp;
  const db = () => t.deps.database.db;
  /** every stored mail row, whole, as text: what a dump of the table shows */
  const dump = async () =>
    (await sql<{ row: string }>`select m::text as row from mail_messages m`.execute(db())).rows
      .map((r) => r.row)
      .join('\n');

  beforeAll(async () => {
    t = await createTestApp({ engine });
    const created = await t.request({
      method: 'POST',
      url: '/admin/users',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { email: 'liv@example.test', name: 'Liv', password: 'fjordhest-i-fjellet-42' },
    });
    expect(created.status).toBe(201);
  });
  afterAll(() => t.close());

  const askForLink = async () => {
    const asked = await t.request({
      method: 'POST',
      url: '/auth/forgot-password',
      headers: { origin: PUBLIC_URL },
      payload: { email: 'liv@example.test' },
    });
    expect(asked.status).toBe(202);
  };

  it('sends the new-password link whole, and keeps none of its token once sent', async () => {
    await askForLink();
    const [queued] = await db().selectFrom('mail_messages').selectAll().where('kind', '=', 'password_link').execute();
    // waiting to be sent: the record shows the page, only the bodies to send hold the token
    expect(queued!.text_body).toContain(`${PUBLIC_URL}/auth/set-password\n`);
    expect(queued!.text_body).not.toContain('#token=');
    expect(queued!.html_body).not.toContain('#token=');
    const token = setPasswordToken(queued!.pending_text!);
    expect(queued!.pending_html).toContain(`#token=${token}`);

    // the person gets the link whole, and it works
    const received = (await lastMailTo(t, 'liv@example.test'))!;
    expect(setPasswordToken(received.text)).toBe(token);
    expect(received.html).toContain(`href="${PUBLIC_URL}/auth/set-password#token=${token}"`);
    const check = await t.request({
      method: 'POST',
      url: '/auth/set-password/check',
      headers: { origin: PUBLIC_URL },
      payload: { token },
    });
    expect(check.status).toBe(200);

    // after sending, nothing in the table holds it
    expect(await dump()).not.toContain(token);
    const sent = await db()
      .selectFrom('mail_messages')
      .selectAll()
      .where('id', '=', received.id)
      .executeTakeFirstOrThrow();
    expect(sent).toMatchObject({ status: 'sent', pending_text: null, pending_html: null });
    expect(sent.text_body).toContain('The link works once');
  });

  it('drops the token of a message that failed for good', async () => {
    await askForLink();
    const newest = await db()
      .selectFrom('mail_messages')
      .selectAll()
      .where('status', '=', 'queued')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const token = setPasswordToken(newest.pending_text!);
    // a relay that refuses everything: the last attempt leaves the message failed, with its error
    const refusing = createMailService({
      repository: createMailRepository(db()),
      queue: t.deps.queue,
      transport: {
        deliver: () => Promise.reject(new Error('550 mailbox unavailable')),
      },
      clock: systemClock,
    });
    await expect(refusing.deliver(newest.id, { lastAttempt: false })).rejects.toThrow('550');
    expect(await dump()).toContain(token);
    expect(await refusing.deliver(newest.id, { lastAttempt: true })).toMatchObject({ status: 'failed' });
    const failed = await db()
      .selectFrom('mail_messages')
      .selectAll()
      .where('id', '=', newest.id)
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 2,
      last_error: '550 mailbox unavailable',
      pending_text: null,
    });
    expect(await dump()).not.toContain(token);
  });

  it('migration 0055 cuts the keys from the mail stored before, and keeps a queued one sendable', async () => {
    const portal = `${PUBLIC_URL}/portal/prj_1/sub_1#token=sct_portal-key_42&lang=no`;
    const reset = `${PUBLIC_URL}/auth/set-password#token=pwl_reset-key_42`;
    const rows = [
      { id: 'old-sent', status: 'sent' as const, link: portal },
      { id: 'old-queued', status: 'queued' as const, link: reset },
    ];
    for (const row of rows) {
      await db()
        .insertInto('mail_messages')
        .values({
          id: row.id,
          kind: 'subcontractor_request',
          to_addresses: ['ola@example.test'],
          subject: 'Dokumentasjon',
          text_body: `Åpne: ${row.link}\n\nHilsen`,
          html_body: `<a href="${row.link.replace('&', '&amp;')}">${row.link.replace('&', '&amp;')}</a>`,
          status: row.status,
        })
        .execute();
    }
    await dropMailKeys(db() as unknown as Kysely<unknown>);
    const after = await db()
      .selectFrom('mail_messages')
      .selectAll()
      .where('id', 'in', ['old-sent', 'old-queued'])
      .orderBy('id')
      .execute();
    expect(await dump()).not.toContain('portal-key_42');
    expect(after[1]).toMatchObject({
      id: 'old-sent',
      text_body: `Åpne: ${PUBLIC_URL}/portal/prj_1/sub_1\n\nHilsen`,
      html_body: `<a href="${PUBLIC_URL}/portal/prj_1/sub_1">${PUBLIC_URL}/portal/prj_1/sub_1</a>`,
      pending_text: null,
    });
    // the queued one still goes out with its link whole
    expect(after[0]).toMatchObject({
      id: 'old-queued',
      text_body: `Åpne: ${PUBLIC_URL}/auth/set-password\n\nHilsen`,
      pending_text: `Åpne: ${reset}\n\nHilsen`,
    });
  });
});
