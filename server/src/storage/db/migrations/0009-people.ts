import { sql, type Kysely } from 'kysely';

/**
 * The application's people: users (signed in through an OpenID provider, or local accounts of the embedded one),
 * their sessions and personal keys, the customers (contractors, property owners) they work for, construction
 * projects with their buildings, roles per customer and per project, the audit log and outgoing mail.
 *
 * Every session, key and sign-in attempt is stored hashed or server-side, so any API process serves any user.
 * Audit events keep no foreign keys: what was deleted, by whom and when outlives the rows it names.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table users (
      id text primary key,
      email text not null,
      -- lower-cased e-mail: one user per address, whatever its case (not "_key": that suffix names stored files)
      email_normalized text not null unique,
      name text not null default '',
      locale text not null default 'en',
      platform_admin boolean not null default false,
      status text not null check (status in ('invited', 'active', 'deactivated')),
      -- scrypt hash of a local account's password (the embedded sign-in); null for people of an outside provider
      password_hash text,
      last_sign_in_at timestamptz(3),
      created_at timestamptz(3) not null default now(),
      updated_at timestamptz(3) not null default now()
    );

    -- an identity of an OpenID provider linked to a user: the first sign-in links by verified e-mail, later ones by
    -- issuer and subject
    create table user_identities (
      issuer text not null,
      subject text not null,
      user_id text not null references users (id) on delete cascade,
      email text,
      created_at timestamptz(3) not null default now(),
      last_used_at timestamptz(3),
      primary key (issuer, subject)
    );
    create index user_identities_user on user_identities (user_id);

    -- a sign-in in progress: the state, nonce and PKCE verifier of one authorization request, used once
    create table sign_in_attempts (
      state_hash text primary key,
      nonce text not null,
      code_verifier text not null,
      redirect_uri text,
      -- the e-mail the person typed on the app's login page, if any
      login_hint text,
      created_at timestamptz(3) not null default now(),
      expires_at timestamptz(3) not null,
      consumed_at timestamptz(3)
    );
    create index sign_in_attempts_expires on sign_in_attempts (expires_at);

    create table user_sessions (
      id text primary key,
      -- sha256 of the cookie's value
      token_hash text not null unique,
      user_id text not null references users (id) on delete cascade,
      -- the provider's issuer and ID token, for its end-session endpoint at logout
      issuer text,
      id_token text,
      created_at timestamptz(3) not null default now(),
      last_seen_at timestamptz(3) not null default now(),
      -- the absolute end; the idle end is last_seen_at + the idle timeout
      expires_at timestamptz(3) not null,
      ended_at timestamptz(3),
      client_address text
    );
    create index user_sessions_user on user_sessions (user_id);

    -- personal API keys (fk_user_...): act as their user, stored hashed, end with the user
    create table user_api_keys (
      id text primary key,
      user_id text not null references users (id) on delete cascade,
      name text not null,
      key_hash text not null unique,
      key_prefix text not null,
      created_at timestamptz(3) not null default now(),
      expires_at timestamptz(3),
      revoked_at timestamptz(3),
      last_used_at timestamptz(3)
    );
    create index user_api_keys_user on user_api_keys (user_id);

    create table customers (
      id text primary key,
      name text not null,
      -- the building owner of the document platform this customer is linked to, if any
      building_owner_id text references building_owners (id),
      -- the building owner that holds this customer's project buildings until a handover moves them
      workspace_owner_id text not null references building_owners (id),
      created_at timestamptz(3) not null default now(),
      updated_at timestamptz(3) not null default now(),
      archived_at timestamptz(3)
    );
    create index customers_created on customers (created_at, id);

    create table customer_members (
      customer_id text not null references customers (id) on delete cascade,
      user_id text not null references users (id) on delete cascade,
      role text not null check (role in ('ADMIN', 'OWNER', 'WRITE_ACCESS', 'READ_ACCESS', 'NO_ACCESS')),
      created_at timestamptz(3) not null default now(),
      updated_at timestamptz(3) not null default now(),
      primary key (customer_id, user_id)
    );
    create index customer_members_user on customer_members (user_id);

    create table projects (
      id text primary key,
      customer_id text not null references customers (id),
      name text not null,
      project_number text,
      address text,
      description text,
      -- YYYY-MM-DD as text: a calendar date has no time zone, and both drivers read text the same way
      start_date text check (start_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      planned_handover_date text check (planned_handover_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      status text not null default 'ACTIVE' check (status in ('ACTIVE', 'HANDED_OVER', 'ARCHIVED')),
      created_at timestamptz(3) not null default now(),
      updated_at timestamptz(3) not null default now()
    );
    create index projects_customer on projects (customer_id, created_at, id);

    -- a project's buildings are ordinary buildings
    create table project_buildings (
      project_id text not null references projects (id) on delete cascade,
      building_id text not null references buildings (id),
      created_at timestamptz(3) not null default now(),
      primary key (project_id, building_id)
    );
    create index project_buildings_building on project_buildings (building_id);

    -- a role in one project that overrides the customer role (NO_ACCESS hides the project)
    create table project_members (
      project_id text not null references projects (id) on delete cascade,
      user_id text not null references users (id) on delete cascade,
      role text not null check (role in ('ADMIN', 'OWNER', 'WRITE_ACCESS', 'READ_ACCESS', 'NO_ACCESS')),
      created_at timestamptz(3) not null default now(),
      updated_at timestamptz(3) not null default now(),
      primary key (project_id, user_id)
    );
    create index project_members_user on project_members (user_id);

    create table audit_events (
      id text primary key,
      occurred_at timestamptz(3) not null default now(),
      -- the customer whose log shows the event; null for platform-wide events (a failed sign-in of nobody known)
      customer_id text,
      actor_kind text not null check (actor_kind in ('user', 'operator', 'subcontractor', 'anonymous', 'system')),
      actor_user_id text,
      -- who, in words, as they were when it happened (an e-mail, "operator")
      actor_label text,
      action text not null,
      target_type text,
      target_id text,
      details jsonb not null default '{}',
      client_address text
    );
    create index audit_events_customer on audit_events (customer_id, occurred_at desc, id desc);
    create index audit_events_actor on audit_events (actor_user_id, occurred_at desc);

    -- every outgoing e-mail, sent by a job (retried; a failure stays visible here)
    create table mail_messages (
      id text primary key,
      kind text not null,
      to_addresses text[] not null,
      subject text not null,
      text_body text not null,
      html_body text,
      status text not null default 'queued' check (status in ('queued', 'sent', 'failed')),
      attempts integer not null default 0,
      last_error text,
      -- where the outbox transport wrote it (embedded default), or the SMTP server's message id
      delivery_ref text,
      created_at timestamptz(3) not null default now(),
      sent_at timestamptz(3)
    );
    create index mail_messages_created on mail_messages (created_at desc, id desc);

    -- the embedded OpenID provider's records (sessions, grants, codes, interactions), so any process serves them
    create table oidc_records (
      model text not null,
      id text not null,
      payload jsonb not null,
      grant_id text,
      uid text,
      user_code text,
      expires_at timestamptz(3),
      consumed_at timestamptz(3),
      primary key (model, id)
    );
    create index oidc_records_grant on oidc_records (grant_id);
    create index oidc_records_uid on oidc_records (uid);
    create index oidc_records_expires on oidc_records (expires_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table oidc_records;
    drop table mail_messages;
    drop table audit_events;
    drop table project_members;
    drop table project_buildings;
    drop table projects;
    drop table customer_members;
    drop table customers;
    drop table user_api_keys;
    drop table user_sessions;
    drop table sign_in_attempts;
    drop table user_identities;
    drop table users;
  `.execute(db);
}
