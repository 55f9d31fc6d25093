import { isAddressableKind, isReplaceableKind, Kind, type NostrEvent } from '@tide/core/nostr';
import { isReplyByRootMarker } from '../ingest/event-refs.ts';
import { contentWordKeys } from './search-words.ts';

/**
 * What one ingest write changed, as far as the read cache's pieces go: a plain object (it can be posted to another
 * thread). `events`: ids whose event row, stats row, relay hint, media or link rows or zap receipts were written or
 * removed; `pubkeys`: users whose current replaceable events or user_stats row changed; `media`: true when `media`
 * rows (shared by URL) were written; `all`: something wider happened (a NIP-09 deletion undoing counts): forget everything.
 */
export interface StoreChangeSet {
  events: string[];
  pubkeys: string[];
  media: boolean;
  /** Link previews (shared by URL, written beside ingest by `/link-preview`) changed. */
  links?: boolean;
  all: boolean;
  /**
   * What answers' dependencies this write touched (see `change-keys.ts`): `e:<id>` event pieces (and anyone's actions
   * on the event), `p:<pubkey>` kind 0 and other current versions (replaceable and addressable: lists, settings),
   * `f:<pubkey>` follower counts, `s:<pubkey>` any user_stats column, `n:<pubkey>` a
   * user_stats row maybe created, `a:<pubkey>` events by them accepted or removed (`k<kind>:<pubkey>` by kind, and
   * `kr<kind>:<pubkey>` instead for replies by the feeds' rule: an `e`/`a` tag marked root; both for versions of
   * replaceable events, which replace one that may have been either),
   * `r:<id|address>` events referencing it, `m:<pubkey>` live streams p-tagging them, `x:<pubkey>` their actions on
   * events (liked, replied, reposted, zapped), `w:<word>` events whose content has the word (`search-words.ts`),
   * `c:<pubkey>` their unread notification or DM counters (no cached answer reads them: other servers' live counters
   * hear of them, `ChangeNotifier.peersChanged`), `media`, `links`. Absent: derived from the fields above.
   */
  keys?: string[];
  /**
   * A topic the server's notifier pokes once it handed the set on (`ChangeNotifier.changesApplied`): a write outside
   * ingest (which pokes its own topics after its sets) moves the change sequence so, e.g. the membership service's
   * `member:<pubkey>`, and answers without dependencies and shared bundle parts are not reused past it.
   */
  poke?: string;
}

/** Tables whose writes a ChangeRecorder notes, and the key column naming what changed. */
const WATCHED: Record<string, { column: string; as: 'events' | 'pubkeys' | 'media' }> = {
  events: { column: 'id', as: 'events' },
  event_stats: { column: 'event_id', as: 'events' },
  event_relays: { column: 'event_id', as: 'events' },
  event_media: { column: 'event_id', as: 'events' },
  event_links: { column: 'event_id', as: 'events' },
  media: { column: 'url', as: 'media' },
  zap_receipts: { column: 'target_event_id', as: 'events' },
  replaceable_events: { column: 'pubkey', as: 'pubkeys' },
  user_stats: { column: 'pubkey', as: 'pubkeys' },
};

/** Unread counter tables, and the column naming whose counter a row is. */
const COUNTERS: Record<string, string> = { notification_counts: 'pubkey', direct_message_counts: 'receiver' };

/** Collects the changes of one ingest transaction (see StoreChangeSet); over-reporting is harmless, missing is not. */
export class ChangeRecorder {
  private readonly events = new Set<string>();
  private readonly pubkeys = new Set<string>();
  private readonly keys = new Set<string>();
  private media = false;
  private all = false;

  /** Notes a queued write to `table` of the row keyed by `key` (tables the read cache does not hold are ignored). */
  row(table: string, key: Record<string, unknown>, columns?: Record<string, unknown>, ignoreExisting = false): void {
    if (table === 'user_stats') this.userStats(key.pubkey, columns, ignoreExisting);
    // a user's action on an event (liked, replied, reposted, zapped): answers holding the event show it, and the
    // user's own actions changed (`x:`, also for zaps they sent, whose receipts others sign)
    if (table === 'event_pubkey_actions') {
      if (typeof key.event_id === 'string' && typeof key.pubkey === 'string')
        this.keys.add(`e:${key.event_id}`).add(`x:${key.pubkey}`);
      else this.all = true;
    }
    const counter = COUNTERS[table];
    if (counter && typeof key[counter] === 'string') this.keys.add(`c:${key[counter]}`);
    const watched = WATCHED[table];
    if (!watched) return;
    if (watched.as === 'media') {
      this.media = true;
      return;
    }
    const value = key[watched.column];
    if (typeof value !== 'string') {
      this.all = true; // a write keyed in a way we cannot name: forget everything rather than guess
      return;
    }
    (watched.as === 'events' ? this.events : this.pubkeys).add(value);
    if (watched.as === 'events') this.keys.add(`e:${value}`);
    else if (table === 'replaceable_events') this.keys.add(`p:${value}`).add(`a:${value}`);
  }

  /**
   * Notes a user_stats write: which counters (`columns`; unknown: all of them) and whether the row may be new; an insert
   * that leaves an existing row alone (`ignoreExisting`) can only create one.
   */
  private userStats(pubkey: unknown, columns: Record<string, unknown> | undefined, ignoreExisting: boolean): void {
    if (typeof pubkey !== 'string') return;
    this.keys.add(`n:${pubkey}`);
    if (ignoreExisting) return;
    this.keys.add(`s:${pubkey}`);
    if (!columns || 'followers_count' in columns) this.keys.add(`f:${pubkey}`);
  }

  /**
   * Notes an event stored: its author's events (`a:`, and by kind `k<kind>:`, or `kr<kind>:` for a reply: feeds that
   * hide replies are not touched), the words of its content (`w:`, for searches), what it references and, for live
   * streams (30311), whom it tags.
   */
  accepted(event: NostrEvent): void {
    this.keys.add(`e:${event.id}`).add(`a:${event.pubkey}`);
    const replaces = isReplaceableKind(event.kind) || isAddressableKind(event.kind);
    const reply = isReplyByRootMarker(event.tags);
    if (replaces || !reply) this.keys.add(`k${event.kind}:${event.pubkey}`);
    if (replaces || reply) this.keys.add(`kr${event.kind}:${event.pubkey}`);
    for (const key of contentWordKeys(event.content)) this.keys.add(key);
    for (const tag of event.tags) {
      const value = tag[1];
      if (typeof value !== 'string' || value.length === 0) continue;
      if (tag[0] === 'e' || tag[0] === 'q' || tag[0] === 'a') this.keys.add(`r:${value}`);
      // live streams (NIP-53): their p tags decide whose profiles list them
      else if (tag[0] === 'p' && event.kind === Kind.LiveEvent) this.keys.add(`m:${value}`);
    }
  }

  /** Notes events whose rows changed or went (removed versions, expired score24h). */
  eventsChanged(ids: Iterable<string>): void {
    for (const id of ids) {
      this.events.add(id);
      this.keys.add(`e:${id}`);
    }
  }

  /** Notes a change too wide to name (a deletion undoing what its target counted). */
  everything(): void {
    this.all = true;
  }

  /** True when nothing was noted. */
  isEmpty(): boolean {
    return !this.all && !this.media && this.events.size === 0 && this.pubkeys.size === 0 && this.keys.size === 0;
  }

  /** The changes noted so far, as a plain object. */
  toChangeSet(): StoreChangeSet {
    const keys = [...this.keys];
    if (this.media) keys.push('media');
    return { events: [...this.events], pubkeys: [...this.pubkeys], media: this.media, all: this.all, keys };
  }
}
