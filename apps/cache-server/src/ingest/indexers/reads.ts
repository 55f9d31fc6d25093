import { wordCount } from '@tide/core/content';
import type { NostrEvent } from '@tide/core/nostr';
import type { IngestContext, KnownEvent } from '../context.ts';
import { deleteBeforeRewrite } from '../pg-batch-rows.ts';

function tagValue(e: NostrEvent, name: string): string {
  const t = e.tags.find((x) => x[0] === name && typeof x[1] === 'string');
  return t ? t[1] : '';
}

/** Topics of an article: its `t` tags lowercased with spaces turned to '-', de-duplicated. */
export function articleTopics(e: Pick<NostrEvent, 'tags'>): string[] {
  const out = new Set<string>();
  for (const t of e.tags) {
    if (t[0] === 't' && typeof t[1] === 'string' && t[1].trim()) {
      out.add(t[1].trim().toLowerCase().replace(/\s+/g, '-').slice(0, 100));
    }
  }
  return [...out];
}

/**
 * Kind 30023 (newest per (pubkey, d)): the `reads` row (published_at from the `published_at` tag, else created_at),
 * every version in reads_versions, topics, and the author's article count on a new identifier.
 */
export async function indexArticle(
  ctx: IngestContext,
  e: NostrEvent,
  identifier: string,
  isNewAddress: boolean,
): Promise<void> {
  if (e.kind !== 30023) return;
  const publishedTag = Number(tagValue(e, 'published_at'));
  const publishedAt = Number.isInteger(publishedTag) && publishedTag > 0 ? publishedTag : e.created_at;
  const topics = articleTopics(e);
  ctx.buf.upsert(
    'reads',
    { pubkey: e.pubkey, identifier },
    {
      published_at: publishedAt,
      latest_event_id: e.id,
      latest_created_at: e.created_at,
      title: tagValue(e, 'title').slice(0, 500),
      summary: tagValue(e, 'summary').slice(0, 2000),
      image: tagValue(e, 'image').slice(0, 2000),
      topics: topics.join(' '),
      words: wordCount(e.content),
    },
  );
  ctx.buf.insert('reads_versions', { event_id: e.id, pubkey: e.pubkey, identifier, created_at: e.created_at });
  const address = (k: Pick<KnownEvent, 'pubkey' | 'identifier'>) => ({ pubkey: k.pubkey, identifier: k.identifier });
  const isArticle = (k: KnownEvent) => k.kind === 30023;
  await deleteBeforeRewrite(
    ctx,
    'reads_topics',
    ['pubkey', 'identifier'],
    address({ ...e, identifier }),
    isArticle,
    address,
  );
  for (const topic of topics) {
    ctx.buf.insert('reads_topics', { pubkey: e.pubkey, identifier, topic, published_at: publishedAt });
  }
  if (isNewAddress) {
    ctx.buf.add('user_stats', { pubkey: e.pubkey }, { long_form_note_count: 1 }, { first_seen_at: ctx.now });
  }
}
