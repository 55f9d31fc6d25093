import type { CacheEvent } from '../nostr/index.ts';
import { CacheKind, Kind } from '../nostr/index.ts';
import { absorbExtra } from './absorb-extras.ts';
import { type Article, articleCoordinate, buildArticle, buildDraft, type Draft, isArticleKind } from './article.ts';
import { str } from './json.ts';
import type { Logger } from './logger.ts';
import { buildFeedNote, type Note, type NoteContext, repostOriginal } from './note.ts';
import { emptyPage, type Page } from './page.ts';
import { type Paging, parseFeedRange } from './paging.ts';
import { emptyUser, parseUser } from './user.ts';
import { mergeTopZaps, parseZap, toTopZap, type Zap } from './zap.ts';

/** Options of {@link assemblePage}. */
export interface AssembleOptions {
  /** Receives parse problems (invalid JSON in metadata and synthetic events). */
  logger?: Logger;
  /** Kinds of events the answer refers to without carrying them (a zap list's subject), by id. */
  kinds?: Readonly<Record<string, number>>;
}

type Item = { key: string; kind: 'note'; value: Note; event: CacheEvent } | ItemOther;
type ItemOther =
  | { key: string; kind: 'read'; value: Article; event: CacheEvent }
  | { key: string; kind: 'draft'; value: Draft; event: CacheEvent }
  | { key: string; kind: 'dm'; value: CacheEvent; event: CacheEvent }
  | { key: string; kind: 'zap'; value: Zap; event: CacheEvent };

const FEED_NOTE_KINDS = new Set<number>([Kind.Text, Kind.Repost, Kind.Image, Kind.Highlight]);

function copyOf(previous: Page): Page {
  const p = previous;
  return {
    ...p,
    users: { ...p.users },
    userStats: { ...p.userStats },
    followerCounts: { ...p.followerCounts },
    userScores: { ...p.userScores },
    verifiedNames: { ...p.verifiedNames },
    legendCustomization: { ...p.legendCustomization },
    memberCohortInfo: { ...p.memberCohortInfo },
    followerIncreases: { ...p.followerIncreases },
    filteringReasons: { ...p.filteringReasons },
    notes: [...p.notes],
    reads: [...p.reads],
    drafts: [...p.drafts],
    zaps: [...p.zaps],
    people: [...p.people],
    notifications: [...p.notifications],
    dmContacts: [...p.dmContacts],
    directMessages: [...p.directMessages],
    topZaps: { ...p.topZaps },
    noteStats: { ...p.noteStats },
    noteActions: { ...p.noteActions },
    mentions: { ...p.mentions },
    relayHints: { ...p.relayHints },
    wordCounts: { ...p.wordCounts },
    topicStats: { ...p.topicStats },
    linkPreviews: { ...p.linkPreviews },
    mediaVariants: { ...p.mediaVariants },
    thumbnails: { ...p.thumbnails },
    order: [...p.order],
    sortValues: { ...p.sortValues },
  };
}

/**
 * Merges one cache response into a page (a copy; `previous` is not changed): profiles, stats, mentions, relay hints,
 * word counts, media, zaps and top zaps, notifications, DM contacts; feed items ordered by the FeedRange `elements`
 * (ids not listed are dropped; a note element may name a repost's inner note), skipping items already loaded;
 * placeholder users for authors without a kind 0. Without a FeedRange items keep their arrival order.
 */
export function assemblePage(events: readonly CacheEvent[], previous?: Page, options: AssembleOptions = {}): Page {
  const { logger } = options;
  const page = previous ? copyOf(previous) : emptyPage();
  const candidates: CacheEvent[] = [];
  const receipts: CacheEvent[] = [];
  const messages: CacheEvent[] = [];
  const authors = new Set<string>();
  let range: Paging | undefined;

  for (const event of events) {
    const kind = event.kind;
    if (kind === Kind.Metadata) {
      const pubkey = str(event.pubkey);
      const known = page.users[pubkey];
      if (!known?.msg || (known.created_at ?? 0) <= (event.created_at ?? 0)) {
        page.users[pubkey] = parseUser(event, logger, page.userStats[pubkey]);
      }
    } else if (FEED_NOTE_KINDS.has(kind) || isArticleKind(kind) || kind === Kind.Draft) candidates.push(event);
    else if (kind === Kind.Zap) receipts.push(event);
    else if (kind === Kind.EncryptedDirectMessage) messages.push(event);
    else if (kind === CacheKind.FeedRange) range = parseFeedRange(event, logger);
    else absorbExtra(page, event, authors, logger);
  }
  if (page.notifications.length !== previous?.notifications.length) {
    page.notifications.sort((a, b) => b.created_at - a.created_at);
  }

  const ctx: NoteContext = { ...page, logger };
  let kinds: Map<string, number> | undefined;
  const kindOf = (id: string): number | undefined => {
    if (!kinds) {
      kinds = new Map();
      for (const n of page.notes) kinds.set(n.id, Kind.Text);
      for (const r of page.reads) kinds.set(r.id, Kind.LongForm);
      for (const [mid, m] of Object.entries(page.mentions)) kinds.set(mid, m.kind);
      for (const e of candidates) kinds.set(str(e.id), e.kind);
    }
    const kind = kinds.get(id) ?? options.kinds?.[id];
    return kind !== undefined && isArticleKind(kind) ? Kind.LongForm : kind;
  };

  for (const event of candidates) {
    authors.add(str(event.pubkey));
    if (event.kind === Kind.Repost) {
      const original = repostOriginal(event, page.mentions, logger);
      if (original) authors.add(str(original.pubkey));
    }
  }
  const zaps: [Zap, CacheEvent][] = [];
  for (const receipt of receipts) {
    const zap = parseZap(receipt, kindOf, logger);
    if (!zap) continue;
    zaps.push([zap, receipt]);
    if (zap.sender) authors.add(zap.sender);
    if (zap.receiver) authors.add(zap.receiver);
    page.topZaps[zap.zappedId] = mergeTopZaps(page.topZaps[zap.zappedId] ?? [], [toTopZap(zap)]);
  }
  for (const contact of page.dmContacts) authors.add(contact.pubkey);
  for (const pubkey of authors) {
    const stats = page.userStats[pubkey];
    const user = page.users[pubkey];
    if (pubkey && !user) page.users[pubkey] = emptyUser(pubkey, stats);
    else if (user && stats && user.userStats !== stats) page.users[pubkey] = { ...user, userStats: stats };
  }

  const items = new Map<string, Item>();
  for (const event of candidates) {
    const key = str(event.id);
    if (isArticleKind(event.kind)) {
      items.set(key, { key, kind: 'read', value: buildArticle(event, page), event });
    } else if (event.kind === Kind.Draft) {
      items.set(key, { key, kind: 'draft', value: buildDraft(event), event });
    } else {
      const note = buildFeedNote(event, ctx);
      if (note) items.set(key, { key, kind: 'note', value: note, event });
    }
  }
  for (const [zap, event] of zaps) items.set(zap.id, { key: zap.id, kind: 'zap', value: zap, event });
  addMessages(page, messages, items, range);

  const ordered = range ? orderByElements(items, range.elements) : [...items.values()];
  const seen = new Set(page.order);
  const sortBy = range?.sortBy ?? page.paging.sortBy;
  for (const item of ordered) {
    if (seen.has(item.key)) continue;
    seen.add(item.key);
    page.order.push(item.key);
    page.sortValues[item.key] = sortValue(item, sortBy, page);
    if (item.kind === 'note') page.notes.push(item.value);
    else if (item.kind === 'read') page.reads.push(item.value);
    else if (item.kind === 'draft') page.drafts.push(item.value);
    else if (item.kind === 'dm') page.directMessages.push(item.value);
    else page.zaps.push(item.value);
  }
  if (range) {
    const inner = innerIds(items);
    for (const element of range.elements) {
      if (!items.has(element) && page.users[element] && !seen.has(element) && !inner.has(element)) {
        seen.add(element);
        page.people.push(element);
        page.order.push(element);
        page.sortValues[element] = personSortValue(page, element, range.sortBy);
      }
    }
    page.paging = range;
    if (range.until !== undefined) page.newestUntil = Math.max(page.newestUntil ?? range.until, range.until);
  }
  return page;
}

/**
 * Direct messages (kind 4) are paged items when the FeedRange lists them (`get_directmsgs`); otherwise (contact
 * lists) they are kept as extra data, de-duplicated by id.
 */
function addMessages(page: Page, messages: CacheEvent[], items: Map<string, Item>, range?: Paging): void {
  if (messages.length === 0) return;
  const listed = range ? new Set(range.elements) : undefined;
  if (listed && messages.some((m) => listed.has(str(m.id)))) {
    for (const m of messages) items.set(str(m.id), { key: str(m.id), kind: 'dm', value: m, event: m });
    return;
  }
  const known = new Set(page.directMessages.map((m) => m.id));
  for (const m of messages) if (!known.has(m.id)) page.directMessages.push(m);
}

function innerIds(items: Map<string, Item>): Set<string> {
  const ids = new Set<string>();
  for (const item of items.values()) if (item.kind === 'note' && item.value.repost) ids.add(item.value.id);
  return ids;
}

function orderByElements(items: Map<string, Item>, elements: readonly string[]): Item[] {
  const byInner = new Map<string, Item>();
  for (const item of items.values()) {
    if (item.kind === 'note' && item.value.repost && !byInner.has(item.value.id)) byInner.set(item.value.id, item);
    if (item.kind === 'read') byInner.set(articleCoordinate(item.event), item);
  }
  const out: Item[] = [];
  for (const element of elements) {
    const item = items.get(element) ?? byInner.get(element);
    if (item) out.push(item);
  }
  return out;
}

function sortValue(item: Item, sortBy: string, page: Page): number {
  if (sortBy === 'created_at' || sortBy === '') return item.event.created_at ?? 0;
  if (item.kind === 'zap') return sortBy.startsWith('amount') ? item.value.amount : item.value.created_at;
  if (item.kind === 'read' && sortBy === 'published_at') return item.value.published;
  const stats = page.noteStats[str(item.value.id)] as unknown as Record<string, number> | undefined;
  const value = stats?.[sortBy];
  return typeof value === 'number' ? value : (item.event.created_at ?? 0);
}

function personSortValue(page: Page, pubkey: string, sortBy: string): number {
  if (sortBy === 'latest_at') return page.dmContacts.find((c) => c.pubkey === pubkey)?.dmInfo.latest_at ?? 0;
  if (sortBy === 'increase') return page.followerIncreases[pubkey]?.increase ?? 0;
  return page.followerCounts[pubkey] ?? page.userStats[pubkey]?.followers_count ?? 0;
}
