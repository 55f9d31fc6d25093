import type { NostrEvent } from '@tide/core/nostr';
import type { SearchMetadataTable } from '../../store/schema.ts';
import type { IngestContext } from '../context.ts';
import { urlsOf } from '../event-refs.ts';
import { guessLanguage, guessSentiment } from './text-signals.ts';

/** Kinds that get a search_metadata row (the full-text index's kinds). */
const META_KINDS = new Set([1, 20, 1068, 6969, 1111, 30023, 34235, 34236]);
/** Longest content analysed (as the full-text index). */
const MAX_CONTENT = 200_000;

const IMAGE_EXT = /\.(png|gif|jpe?g|webp|avif)(?:[?#]|$)/i;
const VIDEO_EXT = /\.(mp4|mov|3gp|webm|m4v)(?:[?#]|$)/i;
const AUDIO_EXT = /\.(wav|mp3|aac|flac|ogg|m4a|opus)(?:[?#]|$)/i;

/**
 * What advanced search reads about one note beyond its text (a search_metadata row without its key): guessed
 * language ('' unknown), sentiment, space-framed `filter:` words and link-URL words, first imeta dim/duration.
 */
export type SearchMetadata = Omit<SearchMetadataTable, 'event_id'>;

function mediaTypeOf(url: string, mime: string): 'image' | 'video' | 'audio' | 'link' {
  if (IMAGE_EXT.test(url) || mime.startsWith('image/')) return 'image';
  if (VIDEO_EXT.test(url) || mime.startsWith('video/')) return 'video';
  if (AUDIO_EXT.test(url) || mime.startsWith('audio/')) return 'audio';
  return 'link';
}

function framed(words: Iterable<string>): string {
  const list = [...new Set(words)].filter(Boolean);
  return list.length > 0 ? ` ${list.join(' ')} ` : '';
}

/** The search metadata of a note, or null for kinds and sizes the full-text index leaves out. */
export function searchMetadataOf(e: Pick<NostrEvent, 'kind' | 'content' | 'tags'>): SearchMetadata | null {
  if (!META_KINDS.has(e.kind) || e.content.length > MAX_CONTENT) return null;
  const filters = new Set<string>();
  if (e.kind === 20) filters.add('image');
  if (e.kind === 34235 || e.kind === 34236) filters.add('video');
  const urlWords: string[] = [];
  const { media, links } = urlsOf(e.content);
  const mimes = new Map<string, string>();
  let width = 0;
  let height = 0;
  let duration = 0;
  for (const t of e.tags) {
    if (t[0] !== 'imeta') continue;
    const fields = new Map<string, string>();
    for (const part of t.slice(1)) {
      const space = typeof part === 'string' ? part.indexOf(' ') : -1;
      if (space > 0) fields.set(part.slice(0, space), part.slice(space + 1).trim());
    }
    const url = fields.get('url');
    if (url) mimes.set(url, fields.get('m') ?? '');
    if (url && !media.includes(url) && !links.includes(url)) media.push(url);
    const dim = /^(\d+)x(\d+)$/.exec(fields.get('dim') ?? '');
    if (dim && width === 0) {
      width = Number(dim[1]);
      height = Number(dim[2]);
    }
    const seconds = Number(fields.get('duration'));
    if (duration === 0 && Number.isFinite(seconds) && seconds > 0) duration = Math.round(seconds);
  }
  for (const url of [...media, ...links]) {
    const type = mediaTypeOf(url, mimes.get(url) ?? '');
    filters.add(type);
    if (type === 'link') urlWords.push(...url.toLowerCase().split(/[/.:?=&]+/));
  }
  return {
    lang: guessLanguage(e.content),
    sentiment: guessSentiment(e.content),
    filters: framed(filters),
    url_words: framed(urlWords.slice(0, 200)),
    width,
    height,
    duration,
  };
}

/** search_metadata row of a note or article (language, sentiment, URL filters and words, media shape). */
export function indexSearchMetadata(ctx: IngestContext, e: NostrEvent): void {
  const meta = searchMetadataOf(e);
  if (meta) ctx.buf.insert('search_metadata', { event_id: e.id, ...meta });
}
