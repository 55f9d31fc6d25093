import { type Kysely, sql } from 'kysely';

/** Membership tables (both dialects): members, their purchase quotes, and the kind 3 history members can recover. */
export async function membershipTables(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS members (
    pubkey TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    tier TEXT NOT NULL DEFAULT 'premium',
    expires_on BIGINT NOT NULL DEFAULT 0,
    premium_since BIGINT NOT NULL DEFAULT 0,
    donated_sats BIGINT NOT NULL DEFAULT 0,
    last_donation BIGINT NOT NULL DEFAULT 0,
    customization TEXT NOT NULL DEFAULT ''
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX IF NOT EXISTS members_name_uq ON members (name)`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS membership_quotes (
    id TEXT PRIMARY KEY,
    pubkey TEXT NOT NULL,
    receiver TEXT NOT NULL,
    product_id TEXT NOT NULL,
    name TEXT NOT NULL,
    amount_usd TEXT NOT NULL,
    amount_sats BIGINT NOT NULL,
    invoice TEXT NOT NULL,
    payment_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    paid_at BIGINT NOT NULL DEFAULT 0
  )`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS membership_quotes_pubkey_idx ON membership_quotes (pubkey, paid_at)`.execute(db);
}

/** Earlier contact lists (kind 3) of members, which the events table replaces with the newest (both dialects). */
export async function memberContactHistory(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS member_contact_history (
    id TEXT PRIMARY KEY,
    pubkey TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    event TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS member_contact_history_pubkey_idx
    ON member_contact_history (pubkey, created_at)`.execute(db);
}
