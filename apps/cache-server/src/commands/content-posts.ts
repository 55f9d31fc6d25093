import { type SqlBool, sql } from 'kysely';
import type { Store } from '../store/index.ts';
import type { BundlePost } from './bundle.ts';
import type { Paging } from './content-common.ts';
import type { MuteRules } from './content-mutes.ts';

/** Which authors' posts a feed reads from `pubkey_events`. */
export interface PostQuery {
  /** Posts by this one author. */
  author?: string;
  /** Posts by everyone this user follows. */
  followedBy?: string;
  /** Posts by any of these authors. */
  authors?: readonly string[];
  /** 0 = top-level only, 1 = replies only, undefined = both. */
  isReply?: 0 | 1;
  kinds?: readonly number[];
  /** Only notes with media. */
  media?: boolean;
  /** The viewer's mutes: authors (and reposts of them), hashtags, words, threads are left out in SQL. */
  muted?: MuteRules;
}

const DAY = 86_400;

/**
 * Posts from `pubkey_events` newest first, bounded by since/until on created_at; ties ordered by id descending so
 * that `offset` skips the items already shown at the `until` timestamp (protocol §3.1). Feeds over many authors
 * look back in growing windows (1, 4, 16, 64 days, then everything) so a page reads only recent rows.
 */
export async function queryPosts(store: Store, q: PostQuery, paging: Paging): Promise<BundlePost[]> {
  if (q.author) return queryWindow(store, q, paging);
  const wanted = paging.limit + paging.offset;
  for (let days = 1; days <= 64; days *= 4) {
    const since = paging.until - days * DAY;
    if (since <= paging.since) break;
    const rows = await queryWindow(store, q, { ...paging, since, limit: wanted, offset: 0 });
    if (rows.length >= wanted) return rows.slice(paging.offset);
  }
  return queryWindow(store, q, paging);
}

type PostsQuery = ReturnType<typeof postsBase>;

function postsBase(store: Store) {
  return store.db.selectFrom('pubkey_events').select(['event_id', 'created_at']);
}

/** The viewer's mute rules as SQL conditions on `pubkey_events` rows. */
function applyMutes(query: PostsQuery, rules: MuteRules): PostsQuery {
  let q = query;
  if (rules.pubkeys.size > 0) {
    const muted = [...rules.pubkeys];
    q = q
      .where('pubkey', 'not in', muted)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('event_tags as t')
              .select('t.event_id')
              .whereRef('t.event_id', '=', 'pubkey_events.event_id')
              .where('t.kind', '=', 6)
              .where('t.name', '=', 'p')
              .where('t.value', 'in', muted),
          ),
        ),
      );
  }
  if (rules.hashtags.size > 0) {
    const tags = [...rules.hashtags];
    q = q.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('event_hashtags as h')
            .select('h.event_id')
            .whereRef('h.event_id', '=', 'pubkey_events.event_id')
            .where('h.hashtag', 'in', tags),
        ),
      ),
    );
  }
  if (rules.threads.size > 0) {
    const threads = [...rules.threads];
    q = q
      .where('event_id', 'not in', threads)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('event_tags as t')
              .select('t.event_id')
              .whereRef('t.event_id', '=', 'pubkey_events.event_id')
              .where('t.name', '=', 'e')
              .where('t.value', 'in', threads),
          ),
        ),
      );
  }
  for (const word of rules.words) {
    if (/[%_\\]/.test(word)) continue; // LIKE wildcards: left to the bundle's own check
    q = q.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('events as e')
            .select('e.id')
            .whereRef('e.id', '=', 'pubkey_events.event_id')
            .where(sql<SqlBool>`lower(e.content) LIKE ${`%${word}%`}`),
        ),
      ),
    );
  }
  return q;
}

async function queryWindow(store: Store, q: PostQuery, paging: Paging): Promise<BundlePost[]> {
  let query = postsBase(store).where('created_at', '<=', paging.until).where('created_at', '>=', paging.since);
  if (q.author) query = query.where('pubkey', '=', q.author);
  if (q.followedBy) {
    const follower = q.followedBy;
    query = query.where('pubkey', 'in', (eb) =>
      eb.selectFrom('pubkey_followers').select('pubkey').where('follower_pubkey', '=', follower),
    );
  }
  if (q.authors) {
    if (q.authors.length === 0) return [];
    query = query.where('pubkey', 'in', [...q.authors]);
  }
  if (q.isReply !== undefined) query = query.where('is_reply', '=', q.isReply);
  if (q.kinds && q.kinds.length > 0) query = query.where('kind', 'in', [...q.kinds]);
  if (q.media) query = query.where('has_media', '=', 1);
  if (q.muted) query = applyMutes(query, q.muted);
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('event_id', 'desc')
    .limit(paging.limit)
    .offset(paging.offset)
    .execute();
  return rows.map((r) => ({ id: r.event_id, value: Number(r.created_at) }));
}

/** Bookmarked posts of a user (kind 10003 `e` items, and `a` items for addressable kinds), newest first, paged on created_at. */
export async function bookmarkedPosts(
  store: Store,
  pubkey: string,
  kinds: readonly number[],
  paging: Paging,
): Promise<BundlePost[]> {
  const byId = await store.db
    .selectFrom('list_items as li')
    .innerJoin('events as e', 'e.id', 'li.value')
    .select(['e.id', 'e.created_at'])
    .where('li.pubkey', '=', pubkey)
    .where('li.kind', '=', 10003)
    .where('li.tag', '=', 'e')
    .where('e.kind', 'in', [...kinds])
    .execute();
  const addressable = kinds.filter((k) => k >= 30000 && k < 40000);
  const byAddress =
    addressable.length === 0
      ? []
      : await store.db
          .selectFrom('list_items as li')
          .innerJoin('replaceable_events as r', (join) =>
            join.on(sql<SqlBool>`li.value = (CAST(r.kind AS TEXT) || ':' || r.pubkey || ':' || r.identifier)`),
          )
          .innerJoin('events as e', 'e.id', 'r.event_id')
          .select(['e.id', 'e.created_at'])
          .where('li.pubkey', '=', pubkey)
          .where('li.kind', '=', 10003)
          .where('li.tag', '=', 'a')
          .where('r.kind', 'in', addressable)
          .execute();
  const unique = new Map<string, BundlePost>();
  for (const r of [...byId, ...byAddress]) unique.set(r.id, { id: r.id, value: Number(r.created_at) });
  return [...unique.values()]
    .filter((p) => p.value <= paging.until && p.value >= paging.since)
    .sort((a, b) => b.value - a.value || (a.id < b.id ? 1 : -1))
    .slice(paging.offset, paging.offset + paging.limit);
}
