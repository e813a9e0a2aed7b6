import { sql, type Kysely } from 'kysely';

/**
 * A stored mail kept its links whole after it had gone: an invitation's set-password link (7 days), a new-password
 * link (an hour) or a subcontractor's portal link could be read from `mail_messages`, a dump or a backup. The bodies
 * (`text_body`, `html_body`) are now the record, with every key link cut to its page, and the bodies to send wait in
 * `pending_text`/`pending_html` until the message has gone or failed for good (mail.service.ts). The rows already
 * there: those still queued keep their bodies to send; every row's record loses its keys, which all were in a
 * `#token=...` fragment (the set-password and portal links).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table mail_messages add column if not exists pending_text text, add column if not exists pending_html text`.execute(
    db,
  );
  await sql`
    update mail_messages set pending_text = text_body, pending_html = html_body where status = 'queued' and pending_text is null`.execute(
    db,
  );
  await sql`
    update mail_messages
    set text_body = regexp_replace(text_body, '#token=[^\\s"''<>]*', '', 'g'),
        html_body = regexp_replace(html_body, '#token=[^\\s"''<>]*', '', 'g')
    where text_body like '%#token=%' or html_body like '%#token=%'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // the keys cut from the records do not come back; queued messages get their bodies to send back
  await sql`
    update mail_messages set text_body = pending_text, html_body = pending_html
    where status = 'queued' and pending_text is not null`.execute(db);
  await sql`alter table mail_messages drop column pending_text, drop column pending_html`.execute(db);
}
