import type { NostrEvent } from '@tide/core/nostr';
import type { IngestContext } from '../context.ts';
import { deleteBeforeRewrite } from '../pg-batch-rows.ts';

/** A relay entry of a user. */
export interface UserRelay {
  url: string;
  read: boolean;
  write: boolean;
}

/** Trims a relay URL and drops a trailing slash; null unless it is a ws:// or wss:// URL. */
export function cleanRelayUrl(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const url = raw.trim().replace(/\/+$/, '');
  if (!/^wss?:\/\/[^\s/]+/i.test(url) || url.length > 500) return null;
  return url;
}

/** Relays of a kind-10002 list: `r` tags, marker read/write (none = both), de-duplicated by URL. */
export function relaysOf(e: Pick<NostrEvent, 'tags'>): UserRelay[] {
  const byUrl = new Map<string, UserRelay>();
  for (const t of e.tags) {
    if (t[0] !== 'r') continue;
    const url = cleanRelayUrl(t[1]);
    if (!url) continue;
    const read = t[2] !== 'write';
    const write = t[2] !== 'read';
    const prev = byUrl.get(url);
    byUrl.set(url, { url, read: read || !!prev?.read, write: write || !!prev?.write });
  }
  return [...byUrl.values()];
}

/** Replaces a user's relay rows and relay count. */
export async function replaceUserRelays(ctx: IngestContext, pubkey: string, relays: UserRelay[]): Promise<void> {
  const is10002 = (k: { kind: number }) => k.kind === 10002;
  await deleteBeforeRewrite(ctx, 'user_relays', ['pubkey'], { pubkey }, is10002, (k) => ({ pubkey: k.pubkey }));
  const seen = new Set<string>();
  for (const r of relays) {
    const url = cleanRelayUrl(r.url);
    if (!url || seen.has(url)) continue;
    seen.add(url);
    ctx.buf.insert('user_relays', { pubkey, url, read: r.read ? 1 : 0, write: r.write ? 1 : 0 });
  }
  ctx.buf.upsert('user_stats', { pubkey }, { relay_count: seen.size });
}

/** Kind 10002 (newest per author): the user's relays. */
export async function indexRelayList(ctx: IngestContext, e: NostrEvent): Promise<void> {
  if (e.kind !== 10002) return;
  await replaceUserRelays(ctx, e.pubkey, relaysOf(e));
}

/** Records the relay a batch came from as known (get_default_relays). */
export function noteKnownRelay(ctx: IngestContext): void {
  const url = cleanRelayUrl(ctx.relayUrl);
  if (url) ctx.buf.upsert('known_relays', { url }, { last_seen_at: ctx.now });
}
