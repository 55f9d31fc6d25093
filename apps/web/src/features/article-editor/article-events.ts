import { type CacheEvent, deletionTargetTag, Kind, longFormIdentifier, type Tag } from '@tide/core/nostr';
import type { SignerCipher } from '@tide/core/signers';

/** What the editor edits: an article's fields; `identifier` and `publishedAt` are set once it was published. */
export interface ArticleFields {
  title: string;
  summary: string;
  image: string;
  topics: string[];
  content: string;
  /** The `d` of the published article (kept on edits); empty for an article never published. */
  identifier: string;
  /** `published_at` of the first publication (seconds), kept on edits; 0 when never published. */
  publishedAt: number;
}

/** An unsigned event template (created_at set by the publisher when absent). */
export interface ArticleTemplate {
  kind: number;
  content: string;
  tags: Tag[];
  created_at?: number;
}

/** Empty editor fields. */
export function emptyArticleFields(): ArticleFields {
  return { title: '', summary: '', image: '', topics: [], content: '', identifier: '', publishedAt: 0 };
}

/** True when nothing was typed (an empty draft is never saved). */
export function isBlankArticle(fields: ArticleFields): boolean {
  return !fields.title.trim() && !fields.summary.trim() && !fields.image.trim() && !fields.content.trim();
}

/** Topics from what the user typed: split on commas/whitespace, `#` dropped, lower-cased, unique, non-empty. */
export function parseTopics(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/[,\s]+/)) {
    const topic = raw.replace(/^#+/, '').trim().toLowerCase();
    if (topic && !out.includes(topic)) out.push(topic);
  }
  return out;
}

/** The `d` an article is published under: the one it has (edits keep it), else from the title (spec §5). */
export function articleIdentifier(fields: ArticleFields): string {
  return fields.identifier || longFormIdentifier(fields.title.trim());
}

function articleTags(fields: ArticleFields, identifier: string, publishedAt: number): Tag[] {
  const tags: Tag[] = [
    ['d', identifier],
    ['title', fields.title.trim()],
  ];
  if (fields.summary.trim()) tags.push(['summary', fields.summary.trim()]);
  if (fields.image.trim()) tags.push(['image', fields.image.trim()]);
  if (publishedAt) tags.push(['published_at', String(publishedAt)]);
  for (const topic of fields.topics) tags.push(['t', topic]);
  return tags;
}

/** The kind 30023 template to publish: `d` by {@link articleIdentifier}, `published_at` kept from the first one. */
export function articleTemplate(fields: ArticleFields, now: number): ArticleTemplate {
  const publishedAt = fields.publishedAt || now;
  return {
    kind: Kind.LongForm,
    content: fields.content,
    tags: articleTags(fields, articleIdentifier(fields), publishedAt),
    created_at: now,
  };
}

/** A new draft's `d`: random, so each new article has its own draft until it is published. */
export function newDraftIdentifier(random: () => number = Math.random): string {
  return `draft-${Math.floor(random() * 2 ** 48).toString(36)}-${Date.now().toString(36)}`;
}

/**
 * The kind 31234 draft template (NIP-37): tags `d`, `k`=30023; content the unsigned article (JSON) encrypted with
 * NIP-44 to the author's own key, so only the author can read it.
 */
export async function draftTemplate(
  fields: ArticleFields,
  draftId: string,
  author: string,
  nip44: SignerCipher,
  now: number,
): Promise<ArticleTemplate> {
  const inner = {
    kind: Kind.LongForm,
    pubkey: author,
    created_at: now,
    content: fields.content,
    tags: articleTags(fields, fields.identifier, fields.publishedAt),
  };
  return {
    kind: Kind.Draft,
    content: await nip44.encrypt(author, JSON.stringify(inner)),
    tags: [
      ['d', draftId],
      ['k', String(Kind.LongForm)],
    ],
    created_at: now,
  };
}

function tagValue(tags: readonly Tag[], name: string): string {
  return tags.find((t) => t[0] === name)?.[1] ?? '';
}

/** The editor fields of an article event (or of a draft's decrypted inner event). */
export function fieldsOfArticle(event: { content?: unknown; tags?: unknown }): ArticleFields {
  const tags = Array.isArray(event.tags) ? (event.tags as Tag[]).filter((t) => Array.isArray(t)) : [];
  const published = Number(tagValue(tags, 'published_at'));
  return {
    title: tagValue(tags, 'title'),
    summary: tagValue(tags, 'summary'),
    image: tagValue(tags, 'image'),
    topics: tags.filter((t) => t[0] === 't' && typeof t[1] === 'string' && t[1]).map((t) => t[1] as string),
    content: typeof event.content === 'string' ? event.content : '',
    identifier: tagValue(tags, 'd'),
    publishedAt: Number.isFinite(published) && published > 0 ? Math.floor(published) : 0,
  };
}

/** A draft opened: its `d`, when it was saved, and its fields (decrypted). */
export interface OpenedDraft {
  draftId: string;
  savedAt: number;
  fields: ArticleFields;
}

/** Decrypts a kind 31234 draft of the author (NIP-44 to self); throws when it is not one or cannot be read. */
export async function openDraft(
  event: Pick<CacheEvent, 'kind' | 'content' | 'pubkey' | 'tags' | 'created_at'>,
  author: string,
  nip44: SignerCipher,
): Promise<OpenedDraft> {
  if (event.kind !== Kind.Draft || event.pubkey !== author) throw new Error('not a draft of this author');
  const plain = await nip44.decrypt(author, String(event.content ?? ''));
  const inner = JSON.parse(plain) as { kind?: unknown; content?: unknown; tags?: unknown };
  if (inner.kind !== Kind.LongForm) throw new Error('not an article draft');
  return {
    draftId: tagValue(event.tags ?? [], 'd'),
    savedAt: Number(event.created_at ?? 0),
    fields: fieldsOfArticle(inner),
  };
}

/** The coordinate `kind:pubkey:d` of an addressable event. */
export function coordinateOf(kind: number, pubkey: string, identifier: string): string {
  return `${kind}:${pubkey}:${identifier}`;
}

/** A deletion (kind 5) of an article or draft by its coordinate (an `a` tag, spec §5) and, when known, its id. */
export function deletionTemplate(coordinate: string, eventId?: string): ArticleTemplate {
  const tags: Tag[] = [deletionTargetTag(coordinate), ['k', coordinate.split(':')[0] ?? '']];
  if (eventId) tags.push(['e', eventId]);
  return { kind: Kind.Deletion, content: '', tags };
}
