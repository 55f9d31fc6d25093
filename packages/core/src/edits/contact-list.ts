import type { EventTemplate } from '../nostr/event.ts';
import { Kind } from '../nostr/kinds.ts';
import { addTags, hasTag, type ListBase, removeTags, tagValues } from './list-tags.ts';

/** A contact list smaller than this after an edit asks the user first (spec §4 follow warning). */
export const MIN_SAFE_CONTACTS = 2;

/** What a follow or unfollow edit comes to. */
export interface ContactEdit {
  /** The kind-3 event to sign and publish (every other tag and the content kept). */
  template: EventTemplate;
  /** How many accounts the edited list follows. */
  count: number;
  /** True when nothing changes (already followed, not followed, or only yourself): nothing to publish. */
  unchanged: boolean;
  /** True when an existing list would end with fewer than {@link MIN_SAFE_CONTACTS} entries: ask first. */
  warn: boolean;
}

/** The accounts a contact list follows (distinct `p` tags, in order). */
export function followedPubkeys(tags: ListBase['tags']): string[] {
  return tagValues(tags, 'p');
}

/**
 * Follow or unfollow `targets` on the latest contact list `latest` (null: the user has none; a follow then
 * publishes just the targets). Follow adds only those not followed yet; unfollow removes only followed ones and
 * never `self`. Every other tag (and the relay JSON in `content`) stays untouched.
 */
export function editContactList(
  latest: ListBase | null,
  op: 'follow' | 'unfollow',
  targets: readonly string[],
  self: string,
  now = Math.floor(Date.now() / 1000),
): ContactEdit {
  const base = latest?.tags ?? [];
  const wanted = targets.filter((pk) => /^[0-9a-f]{64}$/.test(pk));
  const tags =
    op === 'follow'
      ? addTags(
          base,
          wanted.map((pk) => ['p', pk]),
        )
      : removeTags(
          base,
          'p',
          wanted.filter((pk) => pk !== self),
        );
  const unchanged =
    op === 'follow'
      ? wanted.every((pk) => hasTag(base, 'p', pk))
      : wanted.every((pk) => pk === self || !hasTag(base, 'p', pk));
  const count = followedPubkeys(tags).length;
  return {
    template: { kind: Kind.Contacts, content: latest?.content ?? '', created_at: now, tags },
    count,
    unchanged,
    warn: latest !== null && !unchanged && count < MIN_SAFE_CONTACTS,
  };
}
