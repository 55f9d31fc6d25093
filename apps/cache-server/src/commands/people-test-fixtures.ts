import type { CacheEvent, NostrEvent } from '@tide/core/nostr';
import { finalizeEvent, getPublicKey } from 'nostr-tools/pure';
import type { Store } from '../store/open-store.ts';
import type { CommandContext, LiveSpec } from './context.ts';

/** Fixed clock of the handler tests (Unix seconds). */
export const NOW = 1_800_000_000;

/** A test user: secret key and pubkey derived from a small number. */
export interface TestUser {
  sk: Uint8Array;
  pk: string;
}

/** Deterministic user number `n` (1..255). */
export function testUser(n: number): TestUser {
  const sk = new Uint8Array(32);
  sk[31] = n;
  sk[0] = 7;
  return { sk, pk: getPublicKey(sk) };
}

/** Signs an event by `user`. */
export function sign(
  user: TestUser,
  kind: number,
  content: string,
  tags: string[][] = [],
  createdAt = NOW,
): NostrEvent {
  return finalizeEvent({ kind, content, tags, created_at: createdAt }, user.sk);
}

/** A signed kind-30078 request in the web client's shape. */
export function signedRequest(user: TestUser, content: unknown, createdAt = NOW, kind = 30078): NostrEvent {
  return sign(user, kind, JSON.stringify(content), [['d', 'Primal-Web App', 'test']], createdAt);
}

/** Stores an event row (and its replaceable/addressable pointer) directly, bypassing ingest. */
export async function putEvent(store: Store, event: NostrEvent): Promise<void> {
  const identifier = event.kind >= 30000 && event.kind < 40000 ? (event.tags.find((t) => t[0] === 'd')?.[1] ?? '') : '';
  await store.db
    .insertInto('events')
    .values({ ...event, tags: JSON.stringify(event.tags), identifier, imported_at: NOW })
    .execute();
  const replaceable = event.kind === 0 || event.kind === 3 || (event.kind >= 10000 && event.kind < 40000);
  if (replaceable) {
    await store.db
      .insertInto('replaceable_events')
      .values({ pubkey: event.pubkey, kind: event.kind, identifier, event_id: event.id, created_at: event.created_at })
      .execute();
  }
}

/** Stores a kind-0 profile with the given name. */
export async function putProfile(store: Store, user: TestUser, name: string): Promise<NostrEvent> {
  const event = sign(user, 0, JSON.stringify({ name, display_name: name }));
  await putEvent(store, event);
  await store.db
    .insertInto('search_users')
    .values({ pubkey: user.pk, name, display_name: name, nip05: `${name}@tide.test`, lud16: '' })
    .execute();
  return event;
}

/** Records `follower` following `pubkey` (the follow graph row and counters). */
export async function putFollow(store: Store, follower: string, pubkey: string): Promise<void> {
  await store.db
    .insertInto('pubkey_followers')
    .values({ pubkey, follower_pubkey: follower, follower_contact_list_event_id: '', created_at: NOW })
    .execute();
}

/** Sets a user's stats row. */
export async function putStats(store: Store, pubkey: string, stats: Record<string, number>): Promise<void> {
  await store.db
    .insertInto('user_stats')
    .values({
      pubkey,
      follows_count: 0,
      followers_count: 0,
      note_count: 0,
      reply_count: 0,
      long_form_note_count: 0,
      media_count: 0,
      time_joined: null,
      total_zap_count: 0,
      total_satszapped: 0,
      content_zap_count: 0,
      relay_count: 0,
      first_seen_at: NOW,
      ...stats,
    })
    .execute();
}

/** Stores a list item row (mute/allow lists) as ingest would. */
export async function putListItem(
  store: Store,
  owner: string,
  kind: number,
  identifier: string,
  tag: string,
  value: string,
): Promise<void> {
  await store.db
    .insertInto('list_items')
    .values({
      pubkey: owner,
      kind,
      identifier,
      position: 0,
      tag,
      value,
      extra: JSON.stringify([tag, value]),
      event_id: '',
    })
    .execute();
}

/** A handler context on `store` with a fixed clock, recording live specs and notifier pokes. */
export function testContext(store: Store, now = NOW): CommandContext & { lives: LiveSpec[]; pokes: string[] } {
  const lives: LiveSpec[] = [];
  const pokes: string[] = [];
  const ctx = {
    store,
    now: () => now,
    lives,
    pokes,
    live: (spec: LiveSpec) => lives.push(spec),
    notifier: { notify: (topic: string) => pokes.push(topic) },
  };
  return ctx as unknown as CommandContext & { lives: LiveSpec[]; pokes: string[] };
}

/** Parsed JSON content of the first result of `kind`. */
export function contentOf(events: CacheEvent[], kind: number): unknown {
  const found = events.find((e) => e.kind === kind);
  if (!found || typeof found.content !== 'string') throw new Error(`no ${kind} in answer`);
  return JSON.parse(found.content);
}
