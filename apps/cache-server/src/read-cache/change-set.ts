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

/** Collects the changes of one ingest transaction (see StoreChangeSet); over-reporting is harmless, missing is not. */
export class ChangeRecorder {
  private readonly events = new Set<string>();
  private readonly pubkeys = new Set<string>();
  private media = false;
  private all = false;

  /** Notes a queued write to `table` of the row keyed by `key` (tables the read cache does not hold are ignored). */
  row(table: string, key: Record<string, unknown>): void {
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
  }

  /** Notes events whose rows changed or went (removed versions, expired score24h). */
  eventsChanged(ids: Iterable<string>): void {
    for (const id of ids) this.events.add(id);
  }

  /** Notes a change too wide to name (a deletion undoing what its target counted). */
  everything(): void {
    this.all = true;
  }

  /** True when nothing was noted. */
  isEmpty(): boolean {
    return !this.all && !this.media && this.events.size === 0 && this.pubkeys.size === 0;
  }

  /** The changes noted so far, as a plain object. */
  toChangeSet(): StoreChangeSet {
    return { events: [...this.events], pubkeys: [...this.pubkeys], media: this.media, all: this.all };
  }
}
