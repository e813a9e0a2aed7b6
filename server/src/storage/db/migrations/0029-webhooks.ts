import { sql, type Kysely } from 'kysely';

/**
 * Webhooks: endpoints partners and customers register, the events raised in the same transaction as the change that
 * causes them (the outbox), one delivery per (event, endpoint) with its attempts. A partner's endpoint registered
 * with a scoped key keeps that key (api_key_id) and receives only what the key reaches; one registered with a
 * whole-partner key has none and receives everything of its partner. Secrets are stored encrypted (secret_sealed)
 * with a key kept outside the database.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table webhooks (
      id uuid primary key,
      partner_id text references partners (id),
      api_key_id text references api_keys (id),
      customer_id text references customers (id),
      url text not null,
      events text[] not null,
      description text,
      enabled boolean not null default true,
      secret_sealed text not null,
      -- the first failed attempt since the last success: five days of failures disable the endpoint
      failing_since timestamptz(3),
      created_at timestamptz(3) not null default now(),
      updated_at timestamptz(3) not null default now(),
      deleted_at timestamptz(3),
      check ((partner_id is null) <> (customer_id is null))
    );
    create index webhooks_partner on webhooks (partner_id) where deleted_at is null;
    create index webhooks_customer on webhooks (customer_id) where deleted_at is null;

    create table webhook_events (
      id uuid primary key,
      type text not null,
      building_owner_id text,
      building_id text,
      project_id text,
      -- the exact bytes sent: every attempt and every endpoint gets the same body
      body text not null,
      created_at timestamptz(3) not null default now()
    );

    create table webhook_deliveries (
      id uuid primary key,
      webhook_id uuid not null references webhooks (id) on delete cascade,
      event_id uuid not null references webhook_events (id) on delete cascade,
      status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
      attempt integer not null default 0,
      response_status integer,
      error text,
      next_attempt_at timestamptz(3),
      created_at timestamptz(3) not null default now(),
      updated_at timestamptz(3) not null default now(),
      unique (webhook_id, event_id)
    );
    create index webhook_deliveries_webhook on webhook_deliveries (webhook_id, created_at desc, id desc);
    create index webhook_deliveries_pending on webhook_deliveries (created_at) where status = 'pending';

    create table webhook_attempts (
      delivery_id uuid not null references webhook_deliveries (id) on delete cascade,
      attempt integer not null,
      succeeded boolean not null,
      response_status integer,
      error text,
      duration_ms integer not null,
      at timestamptz(3) not null default now(),
      primary key (delivery_id, attempt)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table webhook_attempts; drop table webhook_deliveries; drop table webhook_events; drop table webhooks`.execute(
    db,
  );
}
