import type { NostrEvent } from '@tide/core/nostr';
import { sql } from 'kysely';
import { hashtagsOf } from '../ingest/event-refs.ts';
import { HASHTAG_KINDS, POST_KINDS } from '../ingest/indexers/base.ts';
import type { Store } from '../store/index.ts';
import type { MuteRules } from './content-mutes.ts';

/**
 * What the SQL mute checks of a feed's selection (`muteChecks` in content-posts.ts) read of one event, as the store
 * holds it: so a viewer's rules can be applied to a shared selection in memory with the same outcome as in SQL.
 */
export interface PostMuteFacts {
  /** Its author (the `pubkey` of its `pubkey_events` rows). */
  pubkey: string;
  /** `lower(content)` as the store's dialect computes it (what `LIKE '%word%'` is matched against). */
  lowered: string;
  /** Values of its `event_tags` rows named 'e'. */
  eValues: string[];
  /** Values of its `event_tags` rows named 'p' of kind 6 (the authors a repost names). */
  repostP: string[];
  /** Its `event_hashtags` rows. */
  hashtags: string[];
}

/** Events whose facts are kept per store (each a few hundred bytes: ~15 MB); the oldest go first. */
const MAX_KEPT = 50_000;
const CHUNK = 500;
const kept = new WeakMap<Store, Map<string, PostMuteFacts>>();
/** Reads under way per store, by event id: a second request for the same events waits for them instead of asking. */
const reading = new WeakMap<Store, Map<string, Promise<PostMuteFacts | undefined>>>();
/** Text lower() may change in some dialect: upper-case ASCII letters or anything beyond ASCII. */
const NOT_LOWER_ASCII = /[A-Z\u0080-\uffff]/;
/** Longest `event_tags` value ingest writes (indexEventRow). */
const MAX_TAG_VALUE = 200;

function readingOf(store: Store): Map<string, Promise<PostMuteFacts | undefined>> {
  let byId = reading.get(store);
  if (!byId) {
    byId = new Map();
    reading.set(store, byId);
  }
  return byId;
}

function keptOf(store: Store): Map<string, PostMuteFacts> {
  let byId = kept.get(store);
  if (!byId) {
    byId = new Map();
    kept.set(store, byId);
  }
  return byId;
}

/**
 * The mute facts of `e` as ingest writes its rows (indexEventRow, indexContent: `event_tags` of single-letter tags with
 * values cut at 200 characters, `event_hashtags` from hashtagsOf for hashtag kinds), or undefined when the store's
 * lower() of its content cannot be told without asking it (upper-case or non-ASCII text).
 */
export function derivedMuteFacts(e: NostrEvent): PostMuteFacts | undefined {
  if (NOT_LOWER_ASCII.test(e.content)) return undefined;
  const values = (name: string) =>
    e.tags.flatMap((t) => (t[0] === name && typeof t[1] === 'string' ? [t[1].slice(0, MAX_TAG_VALUE)] : []));
  return {
    pubkey: e.pubkey,
    lowered: e.content,
    eValues: values('e'),
    repostP: e.kind === 6 ? values('p') : [],
    hashtags: HASHTAG_KINDS.has(e.kind) ? hashtagsOf(e) : [],
  };
}

/**
 * Keeps the mute facts of a post this process just stored (its rows were written from it by the rules
 * `derivedMuteFacts` follows), so a feed listing it needs no query for them; other events are read when asked for.
 */
export function notePostMuteFacts(store: Store, e: NostrEvent): void {
  if (!POST_KINDS.has(e.kind)) return;
  const facts = derivedMuteFacts(e);
  if (!facts) return;
  const byId = keptOf(store);
  byId.set(e.id, facts);
  if (byId.size > MAX_KEPT) byId.delete(byId.keys().next().value as string);
}

/** One row of `readFactRows`: part 0 an event (a pubkey, b lowered content), 1 a tag (a name, b value), 2 a hashtag (a). */
interface FactRow {
  part: number | string;
  event_id: string;
  a: string;
  b: string | null;
  kind: number | string | null;
}

/**
 * The rows the SQL mute checks read of `ids`, in one statement (one round trip and one pool connection instead of
 * three): their events' authors and lowered content, their 'e' and 'p' tags, their hashtags.
 */
function readFactRows(store: Store, ids: readonly string[]): Promise<FactRow[]> {
  const list = sql.join(ids);
  return sql<FactRow>`SELECT 0 AS part, id AS event_id, pubkey AS a, lower(content) AS b, NULL AS kind
      FROM events WHERE id IN (${list})
    UNION ALL SELECT 1, event_id, name, value, kind FROM event_tags WHERE event_id IN (${list}) AND name IN ('e', 'p')
    UNION ALL SELECT 2, event_id, hashtag, NULL, NULL FROM event_hashtags WHERE event_id IN (${list})`
    .execute(store.db)
    .then((r) => r.rows);
}

function newFacts(r: FactRow): PostMuteFacts {
  return { pubkey: r.a, lowered: String(r.b), eValues: [], repostP: [], hashtags: [] };
}

/**
 * The mute facts of `ids` (events not stored are missing from the map). An event's facts never change while it is
 * stored (its rows are written with it and removed with it), so they are kept by id across requests and viewers, and
 * facts being read for another request are waited for, not read again.
 */
export async function postMuteFacts(store: Store, ids: readonly string[]): Promise<Map<string, PostMuteFacts>> {
  const byId = keptOf(store);
  const inFlight = readingOf(store);
  const out = new Map<string, PostMuteFacts>();
  const missing: string[] = [];
  const waiting: Array<[string, Promise<PostMuteFacts | undefined>]> = [];
  for (const id of new Set(ids)) {
    const known = byId.get(id);
    const read = known ? undefined : inFlight.get(id);
    if (known) out.set(id, known);
    else if (read) waiting.push([id, read]);
    else missing.push(id);
  }
  const reads: Promise<Map<string, PostMuteFacts>>[] = [];
  for (let i = 0; i < missing.length; i += CHUNK) {
    const chunk = missing.slice(i, i + CHUNK);
    const read = readFacts(store, chunk);
    reads.push(read);
    // a failed read leaves the waiting requests without those facts (their callers then take the full path)
    const factOf = (id: string) => read.then((found) => found.get(id)).catch(() => undefined);
    for (const id of chunk) inFlight.set(id, factOf(id));
  }
  try {
    for (const found of await Promise.all(reads)) {
      for (const [id, f] of found) {
        out.set(id, f);
        byId.set(id, f);
      }
    }
  } finally {
    for (const id of missing) inFlight.delete(id);
  }
  for (const [id, read] of waiting) {
    const f = await read;
    if (f) out.set(id, f);
  }
  for (const id of byId.keys()) {
    if (byId.size <= MAX_KEPT) break;
    byId.delete(id);
  }
  return out;
}

/** The facts of `ids` as the store holds them (one statement). */
async function readFacts(store: Store, ids: readonly string[]): Promise<Map<string, PostMuteFacts>> {
  const found = new Map<string, PostMuteFacts>();
  const rows = await readFactRows(store, ids);
  for (const r of rows) if (Number(r.part) === 0) found.set(r.event_id, newFacts(r));
  for (const r of rows) {
    const f = found.get(r.event_id);
    if (!f || Number(r.part) === 0) continue;
    if (Number(r.part) === 2) f.hashtags.push(r.a);
    else if (r.a === 'e') f.eValues.push(String(r.b));
    else if (Number(r.kind) === 6) f.repostP.push(String(r.b));
  }
  return found;
}

/** Words the SQL checks leave to the bundle's own check (LIKE wildcards), as `muteChecks` does. */
export function likeSafe(word: string): boolean {
  return !/[%_\\]/.test(word);
}

/**
 * True when the SQL mute checks of a feed's selection (content-posts.ts `queryWindow` with `muted`) leave out the
 * event `id` with these stored facts: its author, a repost naming a muted author, a muted hashtag, a muted thread (the
 * event itself or an `e` tag) or a muted word in its lowered content.
 */
export function sqlMuted(rules: MuteRules, post: { id: string }, facts: PostMuteFacts): boolean {
  if (rules.pubkeys.has(facts.pubkey)) return true;
  if (facts.repostP.some((p) => rules.pubkeys.has(p))) return true;
  if (facts.hashtags.some((h) => rules.hashtags.has(h))) return true;
  if (rules.threads.has(post.id) || facts.eValues.some((e) => rules.threads.has(e))) return true;
  return rules.words.some((w) => likeSafe(w) && facts.lowered.includes(w));
}

/**
 * The page (`offset` .. `need`) a feed's SQL mute checks would select from `rows`, the first `wide` rows of the
 * selection without the checks (a prefix of its order), or undefined when it cannot be told from them: a row without
 * stored facts, or fewer than `need` rows kept while the rows filled `wide` (more rows might follow).
 */
export async function unmutedPage<T extends { id: string }>(
  store: Store,
  rules: MuteRules,
  rows: readonly T[],
  wide: number,
  offset: number,
  need: number,
): Promise<T[] | undefined> {
  const facts = await postMuteFacts(
    store,
    rows.map((r) => r.id),
  );
  const kept: T[] = [];
  for (const row of rows) {
    const f = facts.get(row.id);
    if (!f) return undefined;
    if (!sqlMuted(rules, row, f)) kept.push(row);
  }
  if (kept.length < need && rows.length >= wide) return undefined;
  return kept.slice(offset, need);
}
