import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECIPIENT_LIMITS } from '../../src/domain/mail/mailer.js';
import { createTestSession, createTestUser } from '../helpers/people-fixtures.js';
import { mailsTo } from '../helpers/received-mail.js';
import { PUBLIC_URL, createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/**
 * Whoever holds a person's session for a moment (a stolen cookie, an unlocked machine) can make a personal API key,
 * and the key outlives a password change. So every key made is mailed to its person at once, in their language: its
 * name, when, until when, from where, and where to revoke it; never the key. The key is made even when the mail is not.
 */
describe.each(testEngines())('the mail about a new personal API key, on %s', (engine) => {
  let t: TestApp;
  const log: string[] = [];
  const db = () => t.deps.database.db;
  const keysPage = `${PUBLIC_URL}/app/account?tab=keys`;

  async function person(email: string, locale: string) {
    const user = await createTestUser(db(), { email });
    await db().updateTable('users').set({ locale }).where('id', '=', user.userId).execute();
    return { ...user, cookie: `byggdok_session=${await createTestSession(db(), user.userId)}` };
  }

  /** a key made with the person's session cookie, as an intruder at their browser would */
  async function makeKey(cookie: string, name: string) {
    const made = await t.request({
      method: 'POST',
      url: '/auth/api-keys',
      headers: { cookie, origin: PUBLIC_URL },
      payload: { name },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body as { id: string; key: string; prefix: string };
  }

  const keyMails = async (email: string) => (await mailsTo(t, email)).filter((mail) => mail.kind === 'api_key_created');

  beforeAll(async () => {
    t = await createTestApp({
      engine,
      logLevel: 'warn',
      logStream: new Writable({
        write(chunk: Buffer, _encoding, callback) {
          log.push(chunk.toString('utf8'));
          callback();
        },
      }),
    });
  });
  afterAll(() => t.close());

  it('mails a Norwegian person at once, in Norwegian, naming the key and never holding it', async () => {
    const kari = await person('kari@entreprenor.test', 'nb');
    const bystander = await person('ola@entreprenor.test', 'nb');
    const made = await makeKey(kari.cookie, 'Bakdør\n\nAlt er i orden, se bort fra denne e-posten');

    const [mail, ...more] = await keyMails(kari.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('En ny API-nøkkel er laget på byggdok-kontoen din');
    // the name its creator chose, on one line: it cannot pass for a paragraph of the mail's own
    expect(mail!.text).toContain(
      'En personlig API-nøkkel med navnet «Bakdør Alt er i orden, se bort fra denne e-posten» ble laget på byggdok-kontoen din den ',
    );
    expect(mail!.text).toMatch(/den \d{1,2}\. \p{L}+ \d{4} kl\. \d{2}:\d{2} \(norsk tid\)/u);
    expect(mail!.text).toMatch(/Den er gyldig til \d{1,2}\. \p{L}+ \d{4}, med mindre/u);
    expect(mail!.text).toContain('Den ble laget fra IP-adressen 127.0.0.1.');
    expect(mail!.text).toContain('må du trekke tilbake nøkkelen på kontosiden din med en gang og bytte passord');
    expect(mail!.text).toContain(keysPage);
    expect(mail!.html).toContain(`href="${keysPage.replace('&', '&amp;')}"`);
    expect(mail!.html).toContain('<html lang="nb">');

    // no part of the key in what went out, nor in the stored record
    const secret = made.key.slice(made.prefix.length);
    for (const text of [mail!.subject, mail!.text, mail!.html]) {
      expect(text).not.toContain(made.key);
      expect(text).not.toContain(secret);
    }
    const stored = await sql<{ row: string }>`select m::text as row from mail_messages m`.execute(db());
    expect(stored.rows.map((r) => r.row).join('\n')).not.toContain(secret);

    // only the person whose account it is
    expect(await keyMails(bystander.email)).toEqual([]);
  });

  it('mails an English person in English, also for a key made with a personal key', async () => {
    const john = await person('john@entreprenor.test', 'en');
    const made = await t.request({
      method: 'POST',
      url: '/auth/api-keys',
      key: john.key,
      payload: { name: 'nightly export', expiresAt: '2099-01-01T00:00:00Z' },
    });
    // a year at most: a key past it is refused, and nothing is mailed
    expect(made.status).toBe(400);
    expect(await keyMails(john.email)).toEqual([]);

    const expiresAt = new Date(Date.now() + 30 * 86_400_000);
    const ok = await t.request({
      method: 'POST',
      url: '/auth/api-keys',
      key: john.key,
      payload: { name: 'nightly export', expiresAt: expiresAt.toISOString() },
    });
    expect(ok.status).toBe(201);
    const [mail, ...more] = await keyMails(john.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('A new API key was created on your byggdok account');
    expect(mail!.text).toContain('A personal API key named "nightly export" was created on your byggdok account on ');
    const until = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/Oslo' }).format(expiresAt);
    expect(mail!.text).toContain(`It is valid until ${until}, unless it is revoked before then.`);
    expect(mail!.text).toContain('If it was not you, revoke the key on your account page straight away');
    expect(mail!.text).toContain(keysPage);
    expect(mail!.text).not.toContain(ok.body.key);
  });

  it('makes the key even when its mail cannot be stored, and logs that', async () => {
    const liv = await person('liv@entreprenor.test', 'nb');
    const before = log.length;
    // the mail table gone for a moment: storing the mail fails
    await sql`alter table mail_messages rename to mail_messages_away`.execute(db());
    let made: { id: string; key: string };
    try {
      made = await makeKey(liv.cookie, 'under bortfall');
    } finally {
      await sql`alter table mail_messages_away rename to mail_messages`.execute(db());
    }
    // the key works and is listed
    expect((await t.request({ method: 'GET', url: '/auth/me', key: made.key })).status).toBe(200);
    const listed = await t.request({ method: 'GET', url: '/auth/api-keys', key: made.key });
    expect(listed.body.keys.map((k: { id: string }) => k.id)).toContain(made.id);
    expect(log.slice(before).join('')).toContain('its mail to the person failed');
    expect(await keyMails(liv.email)).toEqual([]);
  });

  it('mails no more than its daily share when key after key is made; the keys are made all the same', async () => {
    const per = await person('per@entreprenor.test', 'en');
    const DAILY = RECIPIENT_LIMITS.api_key_created[0].max;
    const made: string[] = [];
    for (let i = 0; i <= DAILY; i += 1) made.push((await makeKey(per.cookie, `script ${i}`)).id);
    const listed = await t.request({ method: 'GET', url: '/auth/api-keys', headers: { cookie: per.cookie } });
    expect(listed.body.keys.map((k: { id: string }) => k.id)).toEqual(expect.arrayContaining(made));
    const mails = await keyMails(per.email);
    expect(mails).toHaveLength(DAILY);
    expect(mails.at(-1)!.text).toContain(`"script ${DAILY - 1}"`);
  });
});
