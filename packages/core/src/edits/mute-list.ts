import type { EventTemplate, Tag } from '../nostr/event.ts';
import { Kind } from '../nostr/kinds.ts';
import { addTags, type ListBase, removeTags, tagValues } from './list-tags.ts';

/** What a mute list (kind 10000) mutes: a user (`p`), a word, a hashtag (`t`) or a thread (`e`). */
export type MuteTarget =
  | { type: 'user'; pubkey: string }
  | { type: 'word'; word: string }
  | { type: 'hashtag'; hashtag: string }
  | { type: 'thread'; id: string };

function tagOf(target: MuteTarget): Tag | null {
  switch (target.type) {
    case 'user':
      return /^[0-9a-f]{64}$/.test(target.pubkey) ? ['p', target.pubkey] : null;
    case 'word': {
      const word = target.word.trim().toLowerCase();
      return word ? ['word', word] : null;
    }
    case 'hashtag': {
      const tag = target.hashtag.trim().replace(/^#/, '').toLowerCase();
      return tag ? ['t', tag] : null;
    }
    case 'thread':
      return /^[0-9a-f]{64}$/.test(target.id) ? ['e', target.id] : null;
  }
}

/** Words and hashtags compare without case; users and threads exactly. */
function folds(name: string): boolean {
  return name === 'word' || name === 't';
}

/** What a mute or unmute edit comes to. */
export interface MuteEdit {
  /** The kind-10000 event to sign and publish (every other tag and the private content kept). */
  template: EventTemplate;
  /** True when the list already says so: nothing to publish. */
  unchanged: boolean;
}

/** Mute (`on`) or unmute `target` on the latest mute list (null: none yet); other tags and content stay untouched. */
export function editMuteList(
  latest: ListBase | null,
  target: MuteTarget,
  on: boolean,
  now = Math.floor(Date.now() / 1000),
): MuteEdit {
  const base = latest?.tags ?? [];
  const tag = tagOf(target);
  const tags = !tag
    ? base.map((t) => [...t])
    : on
      ? addTags(base, [tag], folds(tag[0] as string))
      : removeTags(base, tag[0] as string, [tag[1] as string], folds(tag[0] as string));
  const unchanged = tags.length === base.length;
  return { template: { kind: Kind.MuteList, content: latest?.content ?? '', created_at: now, tags }, unchanged };
}

/** A mute list's entries by type (distinct, in list order). */
export function muteEntries(tags: ListBase['tags']): {
  users: string[];
  words: string[];
  hashtags: string[];
  threads: string[];
} {
  return {
    users: tagValues(tags, 'p'),
    words: tagValues(tags, 'word'),
    hashtags: tagValues(tags, 't'),
    threads: tagValues(tags, 'e'),
  };
}
