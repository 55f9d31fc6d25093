import type { CacheEvent, Tag } from '../nostr/index.ts';
import { CacheKind, Kind } from '../nostr/index.ts';
import { naddrOf } from './bech32.ts';
import { num, str } from './json.ts';
import { emptyNoteActions, emptyNoteStats, type NoteActions, type NoteStats } from './note-extras.ts';
import { emptyUser, type User } from './user.ts';

/** A long-form article (kind 30023, or the 10030023 shell), spec §3. */
export interface Article {
  id: string;
  pubkey: string;
  kind: number;
  created_at: number;
  title: string;
  summary: string;
  image: string;
  tags: Tag[];
  /** `published_at` tag, else `created_at` (seconds). */
  published: number;
  content: string;
  /** `d` tag. */
  identifier: string;
  naddr: string;
  /** `30023:<pubkey>:<d>`. */
  coordinate: string;
  wordCount: number;
  bookmarks: number;
  client: string;
  user: User;
  stats: NoteStats;
  noteActions: NoteActions;
}

/** What building an article needs from the page around it. */
export interface ArticleContext {
  users: Record<string, User>;
  noteStats: Record<string, NoteStats>;
  noteActions: Record<string, NoteActions>;
  wordCounts: Record<string, number>;
}

function tagValue(tags: Tag[], name: string): string {
  return tags.find((t) => t[0] === name)?.[1] ?? '';
}

/** True for the kinds shown as articles: 30023 and its shell 10030023. */
export function isArticleKind(kind: number): boolean {
  return kind === Kind.LongForm || kind === CacheKind.LongFormShell;
}

/** The coordinate `30023:<pubkey>:<d>` of an article event (a shell counts as 30023). */
export function articleCoordinate(event: CacheEvent): string {
  return `${Kind.LongForm}:${str(event.pubkey)}:${tagValue(event.tags ?? [], 'd')}`;
}

/** Builds an article from a 30023 / 10030023 event. */
export function buildArticle(event: CacheEvent, ctx: ArticleContext): Article {
  const id = str(event.id);
  const pubkey = str(event.pubkey);
  const tags = event.tags ?? [];
  const identifier = tagValue(tags, 'd');
  const createdAt = num(event.created_at);
  const stats = ctx.noteStats[id] ?? emptyNoteStats();
  return {
    id,
    pubkey,
    kind: event.kind,
    created_at: createdAt,
    title: tagValue(tags, 'title'),
    summary: tagValue(tags, 'summary'),
    image: tagValue(tags, 'image'),
    tags,
    published: num(tagValue(tags, 'published_at'), createdAt) || createdAt,
    content: str(event.content),
    identifier,
    naddr: naddrOf(Kind.LongForm, pubkey, identifier),
    coordinate: `${Kind.LongForm}:${pubkey}:${identifier}`,
    wordCount: ctx.wordCounts[id] ?? 0,
    bookmarks: stats.bookmarks,
    client: tagValue(tags, 'client'),
    user: ctx.users[pubkey] ?? emptyUser(pubkey),
    stats,
    noteActions: ctx.noteActions[id] ?? emptyNoteActions(id),
  };
}

/** A saved article draft (kind 31234); `plain` is filled in once the content is decrypted. */
export interface Draft {
  id: string;
  kind: number;
  content: string;
  plain: string;
  client: string;
  pubkey: string;
  created_at: number;
  /** The draft's `d` tag (its address is `31234:<pubkey>:<d>`). */
  identifier: string;
}

/** Builds a draft from a kind-31234 event (content stays encrypted). */
export function buildDraft(event: CacheEvent): Draft {
  return {
    id: str(event.id),
    kind: event.kind,
    content: str(event.content),
    plain: '',
    client: tagValue(event.tags ?? [], 'client'),
    pubkey: str(event.pubkey),
    created_at: num(event.created_at),
    identifier: tagValue(event.tags ?? [], 'd'),
  };
}
