import { readFile } from 'node:fs/promises';
import { sql, type Kysely } from 'kysely';
import { simpleParser } from 'mailparser';
import { expect } from 'vitest';
import type { DB } from '../../src/storage/db/schema.js';
import type { TestApp } from './test-app.js';

/**
 * Mail as its recipients get it. The stored record of a message keeps no key (its links cut to their page), so a test
 * that needs a link sends the message as the mail.send job does, into the outbox (the tests' default transport), and
 * reads the file, as a person reads their mailbox.
 */

/** a mail as its recipient got it: sent through the service's mail job into the outbox, read back from the file */
export interface ReceivedMail {
  id: string;
  kind: string;
  subject: string;
  text: string;
  html: string;
}

/** the stored messages to this address, or of this kind, oldest first */
async function stored(db: Kysely<DB>, which: { to: string } | { kind: string }) {
  let query = db.selectFrom('mail_messages').select(['id', 'kind', 'status']);
  query =
    'to' in which
      ? query.where(sql<boolean>`${which.to.toLowerCase()} = any(select lower(a) from unnest(to_addresses) as a)`)
      : query.where('kind', '=', which.kind);
  return query.orderBy('created_at').orderBy('id').execute();
}

/** sends a stored message now (as the mail.send job does; the tests run no workers) and reads what went out */
async function receive(t: Pick<TestApp, 'deps'>, message: { id: string; kind: string; status: string }) {
  if (message.status === 'queued') {
    await t.deps.jobHandlers['mail.send']({ messageId: message.id }, { lastAttempt: false } as never);
  }
  const row = await t.deps.database.db
    .selectFrom('mail_messages')
    .select(['status', 'delivery_ref'])
    .where('id', '=', message.id)
    .executeTakeFirstOrThrow();
  expect(row.status, `mail ${message.id}`).toBe('sent');
  expect(row.delivery_ref, 'the outbox transport writes a file').toMatch(/\.eml$/);
  const parsed = await simpleParser(await readFile(row.delivery_ref!));
  return {
    id: message.id,
    kind: message.kind,
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: parsed.html || '',
  } satisfies ReceivedMail;
}

/** the newest mail to this address, as its recipient got it, or null */
export async function lastMailTo(t: Pick<TestApp, 'deps'>, address: string): Promise<ReceivedMail | null> {
  const newest = (await stored(t.deps.database.db, { to: address })).at(-1);
  return newest ? receive(t, newest) : null;
}

/** every mail to this address, oldest first, as its recipient got it */
export async function mailsTo(t: Pick<TestApp, 'deps'>, address: string): Promise<ReceivedMail[]> {
  const received: ReceivedMail[] = [];
  for (const message of await stored(t.deps.database.db, { to: address })) received.push(await receive(t, message));
  return received;
}

/** every mail of this kind, oldest first, as its recipients got it */
export async function mailsOfKind(t: Pick<TestApp, 'deps'>, kind: string): Promise<ReceivedMail[]> {
  const received: ReceivedMail[] = [];
  for (const message of await stored(t.deps.database.db, { kind })) received.push(await receive(t, message));
  return received;
}
