import type { NostrEvent } from '@tide/core/nostr';
import { type IngestContext, isTrusted } from '../context.ts';
import { isHex64 } from '../event-refs.ts';
import { pgDeleteRows } from '../pg-write.ts';
import { inChunks } from '../prefetch.ts';
import { replaceUserRelays } from './relays.ts';

/** Contact lists are read up to this many `p` tags (semantics §6 bounded work). */
export const MAX_FOLLOWS = 5_000;

/** The followed pubkeys of a contact list: valid hex `p` tags, de-duplicated, first 5,000. */
export function followsOf(e: Pick<NostrEvent, 'tags' | 'pubkey'>): string[] {
  const out = new Set<string>();
  for (const t of e.tags) {
    if (t[0] === 'p' && isHex64(t[1]) && t[1] !== e.pubkey) out.add(t[1]);
    if (out.size >= MAX_FOLLOWS) break;
  }
  return [...out];
}

/** Legacy relay map in kind-3 content: `{url: {read, write}}`; null when absent or malformed. */
export function legacyRelays(content: string): Array<{ url: string; read: boolean; write: boolean }> | null {
  if (!content.trim().startsWith('{')) return null;
  try {
    const obj = JSON.parse(content) as Record<string, unknown>;
    const out: Array<{ url: string; read: boolean; write: boolean }> = [];
    for (const [url, v] of Object.entries(obj)) {
      if (!/^wss?:\/\//i.test(url) || typeof v !== 'object' || v === null) continue;
      const f = v as { read?: unknown; write?: unknown };
      out.push({ url, read: f.read !== false, write: f.write !== false });
    }
    return out;
  } catch {
    return null;
  }
}

/** Kind-3 authors whose stored state is loaded together (bounded memory: up to 5,000 follows each). */
const GROUP = 100;

/** What the batch's contact lists need from the store, loaded for up to GROUP authors per query. */
interface ContactsState {
  /** Follows stored before this batch, per author loaded so far. */
  prev: Map<string, Set<string>>;
  /** Authors with a stored kind-0 / kind-10002 event. */
  profiles: Set<string>;
  relayLists: Set<string>;
  /** The batch's kind-3 events not loaded yet, by author. */
  pending: Map<string, string[]>;
}

const states = new WeakMap<IngestContext, ContactsState>();

/**
 * The stored state of a batch's contact-list authors: on the first kind-3 event, the batch's other kind-3 events are
 * found in `ctx.known` and loaded with it, GROUP authors per query (one round trip each instead of two or three per
 * event); follows the new versions drop are deleted for the whole group in one statement.
 */
async function contactsState(ctx: IngestContext, e: NostrEvent): Promise<ContactsState> {
  let st = states.get(ctx);
  if (!st) {
    st = { prev: new Map(), profiles: new Set(), relayLists: new Set(), pending: new Map() };
    for (const k of ctx.known.values()) {
      if (k.kind === 3 && ctx.storedIds.has(k.id)) st.pending.set(k.pubkey, followsOf(k));
    }
    states.set(ctx, st);
  }
  if (st.prev.has(e.pubkey)) return st;
  const group = new Map<string, string[]>([[e.pubkey, followsOf(e)]]);
  for (const [author, follows] of st.pending) {
    if (group.size >= GROUP) break;
    if (!st.prev.has(author)) group.set(author, follows);
  }
  for (const author of group.keys()) {
    st.pending.delete(author);
    st.prev.set(author, new Set());
  }
  const authors = [...group.keys()];
  const rows = await ctx.trx
    .selectFrom('pubkey_followers')
    .select(['follower_pubkey', 'pubkey'])
    .where('follower_pubkey', 'in', authors)
    .execute();
  for (const r of rows) st.prev.get(r.follower_pubkey)?.add(r.pubkey);
  const lists = await ctx.trx
    .selectFrom('replaceable_events')
    .select(['pubkey', 'kind'])
    .where('pubkey', 'in', authors)
    .where('kind', 'in', [0, 10002])
    .execute();
  for (const r of lists) (r.kind === 0 ? st.profiles : st.relayLists).add(r.pubkey);
  const gone: Array<{ follower_pubkey: string; pubkey: string }> = [];
  for (const [author, follows] of group) {
    const next = new Set(follows);
    for (const p of st.prev.get(author) ?? []) if (!next.has(p)) gone.push({ follower_pubkey: author, pubkey: p });
  }
  await deleteFollows(ctx, gone);
  return st;
}

/** Deletes (follower, followed) rows: one statement on PostgreSQL, IN lists per follower on SQLite. */
async function deleteFollows(ctx: IngestContext, pairs: Array<{ follower_pubkey: string; pubkey: string }>) {
  if (pairs.length === 0) return;
  if (ctx.dialect === 'postgres') {
    await pgDeleteRows(ctx.trx, 'pubkey_followers', ['follower_pubkey', 'pubkey'], pairs);
    return;
  }
  const byFollower = new Map<string, string[]>();
  for (const p of pairs) byFollower.set(p.follower_pubkey, [...(byFollower.get(p.follower_pubkey) ?? []), p.pubkey]);
  for (const [follower, followed] of byFollower) {
    await inChunks(followed, async (part) => {
      await ctx.trx
        .deleteFrom('pubkey_followers')
        .where('follower_pubkey', '=', follower)
        .where('pubkey', 'in', part)
        .execute();
      return [];
    });
  }
}

/**
 * Kind 3 (the newest per author): diffs the follow set against the stored one, updating pubkey_followers,
 * follower counts (trusted followers only), the author's follows count, "users" in net stats and new-follower
 * notifications; legacy relays from the content when the author has no kind-10002 list.
 */
export async function indexContacts(ctx: IngestContext, e: NostrEvent): Promise<void> {
  if (e.kind !== 3) return;
  const next = followsOf(e);
  const nextSet = new Set(next);
  const st = await contactsState(ctx, e);
  const prev = st.prev.get(e.pubkey) ?? new Set<string>();
  const added = next.filter((p) => !prev.has(p));
  const removed = [...prev].filter((p) => !nextSet.has(p));
  const trusted = isTrusted(ctx, e.pubkey);
  if (trusted) {
    for (const p of removed)
      ctx.buf.add('user_stats', { pubkey: p }, { followers_count: -1 }, { first_seen_at: ctx.now });
  }
  for (const p of added) {
    ctx.buf.insert('pubkey_followers', {
      pubkey: p,
      follower_pubkey: e.pubkey,
      follower_contact_list_event_id: e.id,
      created_at: e.created_at,
    });
    if (!trusted) continue;
    ctx.buf.add('user_stats', { pubkey: p }, { followers_count: 1 }, { first_seen_at: ctx.now });
    ctx.notifications.push({
      recipient: p,
      type: 1,
      created_at: e.created_at,
      actor: e.pubkey,
      targetEventId: '',
      source: e,
      args: { follower: e.pubkey },
      pubkeyArgs: [e.pubkey],
    });
  }
  ctx.buf.upsert('user_stats', { pubkey: e.pubkey }, { follows_count: next.length });
  // net_stats "users": pubkeys with a profile and a contact list that follows someone.
  const hasProfile = st.profiles.has(e.pubkey) || ctx.addresses.has(`0:${e.pubkey}:`);
  if ((prev.size === 0) !== (next.length === 0) && hasProfile) {
    ctx.buf.add('net_stats', { key: 'users' }, { value: next.length > 0 ? 1 : -1 });
  }
  const relays = legacyRelays(e.content);
  if (relays) {
    const has10002 = st.relayLists.has(e.pubkey) || ctx.addresses.has(`10002:${e.pubkey}:`);
    if (!has10002) await replaceUserRelays(ctx, e.pubkey, relays);
  }
}
