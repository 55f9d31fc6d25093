import type { NostrEvent } from '@tide/core/nostr';
import { type IngestContext, isTrusted } from '../context.ts';
import { isHex64 } from '../event-refs.ts';
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

/** True when the pubkey has a stored (or this batch's) kind-0 profile. */
async function hasProfile(ctx: IngestContext, pubkey: string): Promise<boolean> {
  if (ctx.addresses.has(`0:${pubkey}:`)) return true;
  const row = await ctx.trx
    .selectFrom('replaceable_events')
    .select('event_id')
    .where('pubkey', '=', pubkey)
    .where('kind', '=', 0)
    .executeTakeFirst();
  return row !== undefined;
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
  const prevRows = await ctx.trx
    .selectFrom('pubkey_followers')
    .select('pubkey')
    .where('follower_pubkey', '=', e.pubkey)
    .execute();
  const prev = new Set(prevRows.map((r) => r.pubkey));
  const added = next.filter((p) => !prev.has(p));
  const removed = [...prev].filter((p) => !nextSet.has(p));
  const trusted = isTrusted(ctx, e.pubkey);
  for (let i = 0; i < removed.length; i += 500) {
    const part = removed.slice(i, i + 500);
    await ctx.trx
      .deleteFrom('pubkey_followers')
      .where('follower_pubkey', '=', e.pubkey)
      .where('pubkey', 'in', part)
      .execute();
  }
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
  if ((prev.size === 0) !== (next.length === 0) && (await hasProfile(ctx, e.pubkey))) {
    ctx.buf.add('net_stats', { key: 'users' }, { value: next.length > 0 ? 1 : -1 });
  }
  const relays = legacyRelays(e.content);
  if (relays) {
    const has10002 = await ctx.trx
      .selectFrom('replaceable_events')
      .select('event_id')
      .where('pubkey', '=', e.pubkey)
      .where('kind', '=', 10002)
      .executeTakeFirst();
    if (!has10002) await replaceUserRelays(ctx, e.pubkey, relays);
  }
}
