import type { NostrEvent } from '@tide/core/nostr';
import type { IngestContext } from '../context.ts';
import { hashtagsOf, isReplyByRootMarker, noteReferences, urlsOf } from '../event-refs.ts';
import { indexSearchMetadata } from './search-metadata.ts';

/** Kinds listed per author for feeds and profile tabs (pubkey_events). */
export const POST_KINDS = new Set([1, 6, 20, 1068, 6969, 34235, 34236]);
/** Kinds that get an event_stats row of their own. */
export const STATS_KINDS = new Set([1, 20, 1068, 6969, 1111, 30023, 34235, 34236]);
/** Kinds in the full-text index. */
export const SEARCH_KINDS = new Set([1, 20, 1068, 6969, 1111, 30023, 34235, 34236]);
/** Kinds counted as public notes in net_stats. */
const PUBNOTE_KINDS = new Set([1, 20, 1068, 6969]);
/** Kinds whose hashtags are indexed. */
export const HASHTAG_KINDS = new Set([1, 20, 1111, 30023, 34235, 34236]);
/** Longest content put into the search index. */
export const MAX_SEARCH_CONTENT = 200_000;

/** The event row, its single-letter tags, relay hint, first sight of the author and net counters. */
export function indexEventRow(ctx: IngestContext, e: NostrEvent, identifier: string): void {
  ctx.buf.insert('events', {
    id: e.id,
    pubkey: e.pubkey,
    kind: e.kind,
    created_at: e.created_at,
    tags: JSON.stringify(e.tags),
    content: e.content,
    sig: e.sig,
    identifier,
    imported_at: ctx.now,
  });
  for (const t of e.tags) {
    if (typeof t[0] !== 'string' || t[0].length !== 1 || typeof t[1] !== 'string') continue;
    ctx.buf.insert('event_tags', {
      event_id: e.id,
      name: t[0],
      value: t[1].slice(0, 200),
      kind: e.kind,
      created_at: e.created_at,
    });
  }
  if (ctx.relayUrl) {
    ctx.buf.insert('event_relays', { event_id: e.id, relay_url: ctx.relayUrl });
  }
  if (!ctx.seenPubkeys.has(e.pubkey)) {
    ctx.seenPubkeys.add(e.pubkey);
    ctx.buf.insert('user_stats', { pubkey: e.pubkey, first_seen_at: ctx.now });
    ctx.buf.add('net_stats', { key: 'pubkeys' }, { value: 1 });
  }
  ctx.buf.add('net_stats', { key: 'any' }, { value: 1 });
  if (PUBNOTE_KINDS.has(e.kind)) ctx.buf.add('net_stats', { key: 'pubnotes' }, { value: 1 });
  if (STATS_KINDS.has(e.kind)) {
    ctx.buf.upsert(
      'event_stats',
      { event_id: e.id },
      { author_pubkey: e.pubkey, kind: e.kind, created_at: e.created_at },
    );
  }
}

/** Media URLs of an event: in content, plus imeta/image/thumb tags of media kinds and article images. */
export function mediaOf(e: NostrEvent): { media: string[]; links: string[] } {
  const found = urlsOf(e.content);
  const media = new Set(found.media);
  const tagNames =
    e.kind === 20 || e.kind === 34235 || e.kind === 34236
      ? ['image', 'thumb']
      : e.kind === 30023 || e.kind === 30311
        ? ['image']
        : [];
  for (const t of e.tags) {
    if (typeof t[1] !== 'string') continue;
    if (tagNames.includes(t[0]) && /^https?:\/\//.test(t[1])) media.add(t[1]);
    if (t[0] === 'imeta') {
      for (const part of t.slice(1)) {
        if (typeof part === 'string' && part.startsWith('url ')) media.add(part.slice(4).trim());
      }
    }
  }
  return { media: [...media], links: found.links };
}

/** Feed row (pubkey_events) and the author's note/reply/media counters. */
export function indexPost(ctx: IngestContext, e: NostrEvent): void {
  if (!POST_KINDS.has(e.kind)) return;
  const isReply = isReplyByRootMarker(e.tags) ? 1 : 0;
  const hasMedia = e.kind !== 6 && mediaOf(e).media.length > 0 ? 1 : 0;
  ctx.buf.insert('pubkey_events', {
    event_id: e.id,
    pubkey: e.pubkey,
    kind: e.kind,
    created_at: e.created_at,
    is_reply: isReply,
    has_media: hasMedia,
  });
  ctx.buf.add(
    'user_stats',
    { pubkey: e.pubkey },
    { note_count: isReply ? 0 : 1, reply_count: isReply, media_count: hasMedia },
    { first_seen_at: ctx.now },
  );
  const joined = ctx.joined.get(e.pubkey);
  if (joined === undefined || e.created_at < joined) ctx.joined.set(e.pubkey, e.created_at);
}

/** Search index, hashtags, media/link URLs and mention rows of a note or article. */
export function indexContent(ctx: IngestContext, e: NostrEvent): void {
  if (SEARCH_KINDS.has(e.kind) && e.content.length <= MAX_SEARCH_CONTENT) {
    ctx.buf.insert('search_notes', {
      event_id: e.id,
      pubkey: e.pubkey,
      kind: e.kind,
      created_at: e.created_at,
      content: e.content,
    });
    indexSearchMetadata(ctx, e);
  }
  if (HASHTAG_KINDS.has(e.kind)) {
    for (const h of hashtagsOf(e)) {
      ctx.buf.insert('event_hashtags', { event_id: e.id, hashtag: h, pubkey: e.pubkey, created_at: e.created_at });
    }
  }
  if (SEARCH_KINDS.has(e.kind) || e.kind === 30311) {
    const { media, links } = mediaOf(e);
    for (const url of media) ctx.buf.insert('event_media', { event_id: e.id, url });
    for (const url of links) ctx.buf.insert('event_links', { event_id: e.id, url });
  }
  if (SEARCH_KINDS.has(e.kind)) {
    const refs = noteReferences(e);
    const row = (tag: string, target: string) =>
      ctx.buf.insert('event_mentions', { event_id: e.id, tag, target, created_at: e.created_at });
    for (const id of refs.quotedIds) row('e', id);
    for (const a of refs.quotedAddresses) row('a', a);
    for (const p of refs.mentionedPubkeys) row('p', p);
  }
}
