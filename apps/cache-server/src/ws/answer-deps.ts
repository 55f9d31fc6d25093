// What a cached answer read, as dependency keys a write's change set can touch (`read-cache/change-keys.ts`): its
// pieces (the events it holds, the users whose kind 0 / follower counts it holds) and its selection (what decides which
// events are in it). Only commands whose selection can be named precisely are described; the others stay on the
// reuse rule's after-change bound.
import { type CacheEvent, CacheKind, isHex, type NostrEvent } from '@tide/core/nostr';
import { referencesOf } from '../commands/bundle-refs.ts';
import { layoutOf } from '../commands/bundle-shared.ts';
import { defaultAccount } from '../commands/content-common.ts';

/** An answer's dependency keys, and the store's change sequence from which on it is exact unless one is touched. */
export interface AnswerDeps {
  keys: readonly string[];
  /** The lowest change sequence any part of it was computed at (a shared bundle part may be older than the answer). */
  since: number;
}

/** feed `notes` values whose selection is the author's own events. */
const AUTHORED = new Set(['authored', 'replies', 'user_media_thumbnails']);
const HEX64 = /[0-9a-f]{64}/g;
/** Nostr kinds end below this; the cache's own objects (10000xxx) are above. */
const MAX_NOSTR_KIND = 65_536;

function hexOf(value: unknown): string | undefined {
  return isHex(value, 64) ? value : undefined;
}

function parsedSpec(spec: unknown): Record<string, unknown> | undefined {
  if (spec && typeof spec === 'object' && !Array.isArray(spec)) return spec as Record<string, unknown>;
  if (typeof spec !== 'string') return undefined;
  try {
    const value: unknown = JSON.parse(spec);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The author feed (`a:<pubkey>`) a mega-feed spec runs, if it is one (`feed` with authored notes). */
function megaFeedSelection(payload: Record<string, unknown>, viewer: string): string[] | undefined {
  const spec = parsedSpec(payload.spec);
  if (spec?.id !== 'feed' || spec.kind === 'reads' || spec.kind === 'drafts') return undefined;
  if (spec.dvm_id !== undefined || typeof spec.notes !== 'string' || !AUTHORED.has(spec.notes)) return undefined;
  const pubkey = spec.pubkey === undefined ? viewer || defaultAccount() : hexOf(spec.pubkey);
  return pubkey ? [`a:${pubkey}`] : undefined;
}

/** What decides which events a command's answer holds, as keys; undefined when it cannot be named precisely. */
export function selectionKeys(command: string, payload: Record<string, unknown>, viewer: string): string[] | undefined {
  switch (command) {
    case 'thread_view': {
      const id = hexOf(payload.event_id);
      return id ? [`e:${id}`, `r:${id}`] : undefined;
    }
    case 'user_profile': {
      const p = hexOf(payload.pubkey);
      return p ? [`p:${p}`, `s:${p}`, `f:${p}`, `n:${p}`, `a:${p}`, `m:${p}`] : undefined;
    }
    case 'feed': {
      const p = hexOf(payload.pubkey);
      const notes = payload.notes ?? 'follows';
      return p && typeof notes === 'string' && AUTHORED.has(notes) ? [`a:${p}`] : undefined;
    }
    case 'mega_feed_directive':
      return megaFeedSelection(payload, viewer);
    default:
      return undefined;
  }
}

/** Keys of the pieces an answer holds: its events and what they reference, users, media and link previews. */
export function pieceKeys(events: readonly CacheEvent[], keys: Set<string>): void {
  const users = new Set<string>();
  const counted = new Set<string>();
  for (const o of events) {
    if (o.kind < MAX_NOSTR_KIND && typeof o.id === 'string' && typeof o.pubkey === 'string') {
      const event = o as NostrEvent;
      keys.add(`e:${event.id}`);
      users.add(event.pubkey);
      const refs = referencesOf(event);
      for (const id of refs.ids) keys.add(`e:${id}`);
      for (const address of refs.addresses) keys.add(`a:${address.split(':')[1]}`);
      for (const pubkey of refs.pubkeys) users.add(pubkey);
      if (typeof event.content === 'string' && event.content.includes('http')) keys.add('links');
      continue;
    }
    if (o.kind === CacheKind.MediaInfo) keys.add('media');
    if (o.kind === CacheKind.LinkMetadata) keys.add('links');
    const content = typeof o.content === 'string' ? o.content : '';
    if (o.kind === CacheKind.UserScore) {
      for (const pubkey of Object.keys(JSON.parse(content || '{}') as object)) counted.add(pubkey);
    }
    for (const m of content.matchAll(HEX64)) {
      keys.add(`e:${m[0]}`);
      users.add(m[0]);
    }
  }
  for (const pubkey of users) keys.add(`p:${pubkey}`).add(counted.has(pubkey) ? `f:${pubkey}` : `n:${pubkey}`);
}

/**
 * The dependencies of `events`, the answer to `command` with `payload` for `viewer` ('' for none) computed from change
 * sequence `seq` on, or undefined when its selection cannot be described (it then follows the after-change rule).
 */
export function answerDeps(
  command: string,
  payload: Record<string, unknown>,
  viewer: string,
  events: readonly CacheEvent[],
  seq: number,
): AnswerDeps | undefined {
  const selection = selectionKeys(command, payload, viewer);
  if (!selection) return undefined;
  const layout = layoutOf(events);
  if (layout && layout.seq === undefined) return undefined;
  const keys = new Set(selection);
  for (const who of [viewer, hexOf(payload.user_pubkey)]) if (who) keys.add(`a:${who}`).add(`v:${who}`);
  pieceKeys(events, keys);
  return { keys: [...keys], since: Math.min(seq, layout?.seq ?? seq) };
}

const noted = new WeakMap<object, AnswerDeps>();

/** Remembers the dependencies of a packed answer (see `answerDeps`) for the answer cache to read (`depsOfAnswer`). */
export function noteAnswerDeps(
  answer: object,
  command: string,
  payload: Record<string, unknown>,
  viewer: string,
  events: readonly CacheEvent[],
  seq: number,
): void {
  const deps = answerDeps(command, payload, viewer, events, seq);
  if (deps) noted.set(answer, deps);
}

/** The dependencies noted for `answer`, if any. */
export function depsOfAnswer(answer: object): AnswerDeps | undefined {
  return noted.get(answer);
}
