import type { NostrEvent } from '@tide/core/nostr';
import type { ChangeNotifierLike } from '../commands/context.ts';
import { countsTopic } from '../commands/notifications-seen.ts';
import type { StoreChangeSet } from './change-set.ts';

type Listener = () => void;

/** The topic poked after another process's change set was handed on (`peersChanged`). */
export const PEERS_TOPIC = 'peers';
type EventListener = (event: NostrEvent) => void;
type ChangesListener = (changes: StoreChangeSet) => void;

/**
 * The server's change hub: topic pokes for live cache subscriptions, and the stream of newly accepted events for
 * relay subscriptions. `eventsAccepted` pokes `ingest`, `author:<pubkey>`, `p:<pubkey>` (each p tag) and `kind:<n>`.
 */
export class ChangeNotifier implements ChangeNotifierLike {
  private readonly topics = new Map<string, Set<Listener>>();
  private readonly eventListeners = new Set<EventListener>();
  private readonly changesListeners = new Set<ChangesListener>();
  private readonly pokeListeners = new Set<(topic: string) => void>();
  private changes = 0;

  /**
   * The store's change sequence: bumped by every poke (each accepted ingest batch pokes `ingest`; commands that
   * write outside ingest poke their topic), so an answer computed at an unchanged sequence is still exact.
   */
  get sequence(): number {
    return this.changes;
  }

  /** Calls `listener` whenever `topic` is poked; returns the function that stops it. */
  on(topic: string, listener: Listener): () => void {
    let set = this.topics.get(topic);
    if (!set) {
      set = new Set();
      this.topics.set(topic, set);
    }
    set.add(listener);
    return () => {
      const current = this.topics.get(topic);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.topics.delete(topic);
    };
  }

  /** Pokes every listener of `topic`. */
  notify(topic: string): void {
    this.changes += 1;
    for (const listener of this.pokeListeners) listener(topic);
    const set = this.topics.get(topic);
    if (!set) return;
    for (const listener of [...set]) listener();
  }

  /** Calls `listener` with the topic of every poke, once the sequence is bumped; returns the stop function. */
  onPoke(listener: (topic: string) => void): () => void {
    this.pokeListeners.add(listener);
    return () => this.pokeListeners.delete(listener);
  }

  /** Calls `listener` with every event accepted from now on (stored or ephemeral); returns the stop function. */
  onEvent(listener: EventListener): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /** Announces newly accepted events: relay listeners get each event, then the topics they touch are poked once. */
  eventsAccepted(events: readonly NostrEvent[]): void {
    if (events.length === 0) return;
    const touched = new Set<string>(['ingest']);
    for (const event of events) {
      for (const listener of [...this.eventListeners]) listener(event);
      touched.add(`author:${event.pubkey}`);
      touched.add(`kind:${event.kind}`);
      for (const tag of event.tags) if (tag[0] === 'p' && typeof tag[1] === 'string') touched.add(`p:${tag[1]}`);
    }
    for (const topic of touched) this.notify(topic);
  }

  /**
   * Calls `listener` with the precise change set of every write to the store (what ingest changed: event ids, pubkeys,
   * media, links, or all; a plain object another thread can receive); returns the stop function.
   */
  onChanges(listener: ChangesListener): () => void {
    this.changesListeners.add(listener);
    return () => this.changesListeners.delete(listener);
  }

  /** Hands a store change set to the `onChanges` listeners (the server forwards its store's; see read-cache/). */
  changesApplied(changes: StoreChangeSet): void {
    for (const listener of [...this.changesListeners]) listener(changes);
    // a write outside ingest moves the sequence itself (ingest pokes its topics after its sets)
    if (changes.poke) this.notify(changes.poke);
  }

  /**
   * Hands on what another process committed to the store (`onPeerChanges`: a peer server's change set, or everything):
   * the `onChanges` listeners get it, then `peers` is poked (the sequence moves on, as after an ingest batch), then
   * the counts topics of the users whose unread counters it names (every listened topic for everything).
   */
  peersChanged(changes: StoreChangeSet): void {
    this.changesApplied(changes);
    this.notify(PEERS_TOPIC);
    // live subscriptions: the users whose unread counters changed (`c:` keys); everything: every topic listened to
    if (changes.all) {
      for (const topic of [...this.topics.keys()]) if (topic !== PEERS_TOPIC) this.notify(topic);
      return;
    }
    for (const key of changes.keys ?? []) if (key.startsWith('c:')) this.notify(countsTopic(key.slice(2)));
  }

  /** Number of topics with listeners (for tests and stats). */
  get topicCount(): number {
    return this.topics.size;
  }
}
