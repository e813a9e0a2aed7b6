import { sql, type Kysely } from 'kysely';

/**
 * Everyone can sign in on the embedded default: one-time links that set a password (invitations, forgotten
 * passwords, the first administrator's own password), failed sign-ins counted per account and per client address in
 * the database (so every API process sees the same counts), the browser a sign-in was started in, the device of a
 * session, the assistants connected during a session, whether a name was chosen by the person, and the actor's name
 * in the audit log as it was when it happened.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- the generated first password works once: the person then chooses their own
    alter table users add column must_change_password boolean not null default false;
    -- the person set their name themselves: a provider's name no longer replaces it
    alter table users add column name_chosen boolean not null default false;

    -- sha256 of the cookie that binds a sign-in to the browser that started it (login CSRF)
    alter table sign_in_attempts add column browser_hash text;

    -- the browser's User-Agent at sign-in, to tell a person's sessions apart
    alter table user_sessions add column user_agent text;

    alter table audit_events add column actor_name text;

    -- a one-time link that sets a password; only the token's sha256 is kept
    create table password_links (
      id text primary key,
      token_hash text not null unique,
      user_id text not null references users (id) on delete cascade,
      purpose text not null check (purpose in ('invitation', 'reset', 'first_sign_in')),
      created_at timestamptz(3) not null default now(),
      expires_at timestamptz(3) not null,
      used_at timestamptz(3)
    );
    create index password_links_user on password_links (user_id);

    -- one failed try (or one request where every request counts): 'account' (a lower-cased e-mail, known or not),
    -- 'address' (a client address), and the same two for password-link requests
    create table sign_in_failures (
      id text primary key,
      bucket text not null check (bucket in ('account', 'address', 'link_account', 'link_address')),
      subject text not null,
      occurred_at timestamptz(3) not null
    );
    create index sign_in_failures_subject on sign_in_failures (bucket, subject, occurred_at desc);

    -- an assistant allowed from a browser signed in to the app: signing that session out ends the assistant's grant
    create table assistant_grant_sessions (
      grant_id text primary key,
      session_id text not null references user_sessions (id) on delete cascade
    );
    create index assistant_grant_sessions_session on assistant_grant_sessions (session_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table assistant_grant_sessions;
    drop table sign_in_failures;
    drop table password_links;
    alter table audit_events drop column actor_name;
    alter table user_sessions drop column user_agent;
    alter table sign_in_attempts drop column browser_hash;
    alter table users drop column name_chosen;
    alter table users drop column must_change_password;
  `.execute(db);
}
