import type { NostrEvent } from '@tide/core/nostr';
import { sql } from 'kysely';
import { publishStoreChanges } from '../read-cache/change-feed.ts';
import type { StoreChangeSet } from '../read-cache/change-set.ts';
import type { MemberPiece } from '../read-cache/read-cache.ts';
import type { Store } from '../store/index.ts';

/** A member row: the same shape answers read from the read cache (`expires_on` 0 for legends: for good). */
export type Member = MemberPiece;

/** A purchase quote row. */
export interface Quote {
  id: string;
  pubkey: string;
  receiver: string;
  product_id: string;
  name: string;
  amount_usd: string;
  amount_sats: number;
  invoice: string;
  payment_hash: string;
  created_at: number;
  expires_at: number;
  paid_at: number;
}

const num = (v: unknown): number => Number(v ?? 0);

/** A member row as the store returns it (numbers may come as text or bigint) → Member. */
export function toMember(r: Record<string, unknown>): Member {
  return {
    pubkey: String(r.pubkey),
    name: String(r.name),
    tier: r.tier === 'premium-legend' ? 'premium-legend' : 'premium',
    expires_on: num(r.expires_on),
    premium_since: num(r.premium_since),
    donated_sats: num(r.donated_sats),
    last_donation: num(r.last_donation),
    customization: String(r.customization ?? ''),
  };
}

function toQuote(r: Record<string, unknown>): Quote {
  return {
    ...(r as unknown as Quote),
    amount_sats: num(r.amount_sats),
    created_at: num(r.created_at),
    expires_at: num(r.expires_at),
    paid_at: num(r.paid_at),
  };
}

/** Whether a member's premium is active at `now` (legends: always). */
export function isActive(member: Member | undefined, now: number): boolean {
  return !!member && (member.tier === 'premium-legend' || member.expires_on > now);
}

/** The member row of a pubkey (active or not). */
export async function memberByPubkey(store: Store, pubkey: string): Promise<Member | undefined> {
  const r = await sql<Record<string, unknown>>`SELECT * FROM members WHERE pubkey = ${pubkey}`.execute(store.db);
  return r.rows[0] ? toMember(r.rows[0]) : undefined;
}

/** The member holding a name (active or not). */
export async function memberByName(store: Store, name: string): Promise<Member | undefined> {
  const r = await sql<Record<string, unknown>>`SELECT * FROM members WHERE name = ${name}`.execute(store.db);
  return r.rows[0] ? toMember(r.rows[0]) : undefined;
}

/** Whether `name` is free for `pubkey`: unused, used by `pubkey` itself, or by a lapsed member. */
export async function nameIsFree(store: Store, name: string, pubkey: string | undefined, now: number) {
  const holder = await memberByName(store, name);
  return !holder || holder.pubkey === pubkey || !isActive(holder, now);
}

/**
 * What a write of `pubkey`'s member row changed: their user pieces (the read cache's member row, `p:` for answers
 * holding them: badges, names, glow come with their profile) and a poke moving the change sequence (answers without
 * dependencies, shared bundle parts). Other servers on the store hear the keys through the cross-server feed.
 */
export function memberChangeSet(pubkey: string): StoreChangeSet {
  return { events: [], pubkeys: [pubkey], media: false, all: false, keys: [`p:${pubkey}`], poke: `member:${pubkey}` };
}

/**
 * Writes a member (insert or replace); a lapsed member holding the name loses it first. Answers holding the member
 * show the change from the next one on (`memberChangeSet`).
 */
export async function saveMember(store: Store, m: Member): Promise<void> {
  try {
    await writeMember(store, m);
  } finally {
    // also after a failed write: over-reporting is harmless
    publishStoreChanges(store, memberChangeSet(m.pubkey));
  }
}

async function writeMember(store: Store, m: Member): Promise<void> {
  await store.write(async (db) => {
    await sql`DELETE FROM members WHERE name = ${m.name} AND pubkey <> ${m.pubkey}`.execute(db);
    await sql`INSERT INTO members (pubkey, name, tier, expires_on, premium_since, donated_sats, last_donation, customization)
      VALUES (${m.pubkey}, ${m.name}, ${m.tier}, ${m.expires_on}, ${m.premium_since}, ${m.donated_sats}, ${m.last_donation}, ${m.customization})
      ON CONFLICT (pubkey) DO UPDATE SET name = excluded.name, tier = excluded.tier, expires_on = excluded.expires_on,
        premium_since = excluded.premium_since, donated_sats = excluded.donated_sats,
        last_donation = excluded.last_donation, customization = excluded.customization`.execute(db);
  });
}

/** Stores a new quote. */
export async function saveQuote(store: Store, q: Quote): Promise<void> {
  await store.write(async (db) => {
    await sql`INSERT INTO membership_quotes (id, pubkey, receiver, product_id, name, amount_usd, amount_sats, invoice,
      payment_hash, created_at, expires_at, paid_at) VALUES (${q.id}, ${q.pubkey}, ${q.receiver}, ${q.product_id},
      ${q.name}, ${q.amount_usd}, ${q.amount_sats}, ${q.invoice}, ${q.payment_hash}, ${q.created_at}, ${q.expires_at},
      ${q.paid_at})`.execute(db);
  });
}

/** The quote with this id. */
export async function quoteById(store: Store, id: string): Promise<Quote | undefined> {
  const r = await sql<Record<string, unknown>>`SELECT * FROM membership_quotes WHERE id = ${id}`.execute(store.db);
  return r.rows[0] ? toQuote(r.rows[0]) : undefined;
}

/** Marks a quote paid once (true when this call did it). */
export async function markQuotePaid(store: Store, id: string, paidAt: number): Promise<boolean> {
  let changed = false;
  await store.write(async (db) => {
    const r = await sql`UPDATE membership_quotes SET paid_at = ${paidAt} WHERE id = ${id} AND paid_at = 0`.execute(db);
    changed = Number(r.numAffectedRows ?? 0) > 0;
  });
  return changed;
}

/** Paid quotes of a buyer, newest first. */
export async function paidQuotes(store: Store, pubkey: string, limit: number, until: number, offset: number) {
  const r = await sql<Record<string, unknown>>`SELECT * FROM membership_quotes
    WHERE pubkey = ${pubkey} AND paid_at > 0 AND paid_at <= ${until}
    ORDER BY paid_at DESC, id LIMIT ${limit} OFFSET ${offset}`.execute(store.db);
  return r.rows.map(toQuote);
}

/** Active members of a tier for a leaderboard, ordered by a sort key (descending). */
export async function leaderboard(
  store: Store,
  legends: boolean,
  orderBy: 'donated_btc' | 'last_donation' | 'premium_since',
  now: number,
  limit: number,
  offset: number,
): Promise<Member[]> {
  const column = orderBy === 'donated_btc' ? sql.raw('donated_sats') : sql.raw(orderBy);
  const r = legends
    ? await sql<Record<string, unknown>>`SELECT * FROM members WHERE tier = 'premium-legend'
        ORDER BY ${column} DESC, pubkey LIMIT ${limit} OFFSET ${offset}`.execute(store.db)
    : await sql<Record<string, unknown>>`SELECT * FROM members WHERE tier = 'premium-legend' OR expires_on > ${now}
        ORDER BY ${column} DESC, pubkey LIMIT ${limit} OFFSET ${offset}`.execute(store.db);
  return r.rows.map(toMember);
}

/** Keeps a member's contact list (kind 3) version; the same event twice is kept once. */
export async function keepContactList(store: Store, event: NostrEvent): Promise<void> {
  await store.write(async (db) => {
    await sql`INSERT INTO member_contact_history (id, pubkey, created_at, event)
      VALUES (${event.id}, ${event.pubkey}, ${event.created_at}, ${JSON.stringify(event)})
      ON CONFLICT (id) DO NOTHING`.execute(db);
  });
}

/** A member's kept contact lists, newest first. */
export async function contactLists(store: Store, pubkey: string, limit = 100): Promise<NostrEvent[]> {
  const r = await sql<{ event: string }>`SELECT event FROM member_contact_history WHERE pubkey = ${pubkey}
    ORDER BY created_at DESC LIMIT ${limit}`.execute(store.db);
  return r.rows.map((row) => JSON.parse(row.event) as NostrEvent);
}

/** How many events of each kind the store holds by `pubkey`. */
export async function eventCountsByKind(store: Store, pubkey: string): Promise<Record<string, number>> {
  const r = await sql<{ kind: number; n: number | string }>`SELECT kind, COUNT(*) AS n FROM events
    WHERE pubkey = ${pubkey} GROUP BY kind`.execute(store.db);
  return Object.fromEntries(r.rows.map((row) => [String(row.kind), Number(row.n)]));
}

/** Active members among `pubkeys`. */
export async function activeMembersAmong(store: Store, pubkeys: readonly string[], now: number): Promise<Member[]> {
  if (pubkeys.length === 0) return [];
  const rows = await store.db
    .selectFrom('members' as never)
    .selectAll()
    .where('pubkey' as never, 'in', pubkeys as never)
    .execute();
  return (rows as Record<string, unknown>[]).map(toMember).filter((m) => isActive(m, now));
}

/** Keeps the contact list a new member has now, so recovery has a first version. */
export async function keepCurrentContacts(store: Store, pubkey: string): Promise<void> {
  const rows = await store.db
    .selectFrom('events')
    .selectAll()
    .where('pubkey', '=', pubkey)
    .where('kind', '=', 3)
    .execute();
  for (const r of rows) {
    await keepContactList(store, {
      id: r.id,
      pubkey: r.pubkey,
      created_at: Number(r.created_at),
      kind: 3,
      tags: JSON.parse(String(r.tags)) as string[][],
      content: r.content,
      sig: r.sig,
    });
  }
}
