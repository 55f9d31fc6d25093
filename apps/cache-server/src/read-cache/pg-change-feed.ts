import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import postgres from 'postgres';
import type { Store } from '../store/index.ts';
import {
  type CrossServerFeed,
  crossServerFeedOf,
  EVERYTHING_CHANGED,
  onStoreChanges,
  publishPeerChanges,
  setCrossServerFeed,
} from './change-feed.ts';
import { type ChangeMessage, changesOf, messagesOf } from './pg-change-feed-messages.ts';
import { readCacheOf } from './read-cache.ts';

/** Options of a PostgreSQL change feed. */
export interface PgChangeFeedOptions {
  /** The PostgreSQL URL and schema of the store (the channel is per schema). */
  url: string;
  schema: string;
  /** The read cache's maximum age for writes it never hears of: the bound a silent feed or peer must not stretch. */
  maxAgeMs: number;
  logger?: Logger;
  /** Wall clock in ms (tests). */
  now?: () => number;
}

/** The notification channel of a schema (a hash: channel names are identifiers of at most 63 bytes). */
export function channelOf(schema: string): string {
  return `tide_changes_${createHash('sha1').update(schema).digest('hex').slice(0, 16)}`;
}

/**
 * Carries the change sets of every server on one PostgreSQL schema to the others (LISTEN/NOTIFY), so a server's read
 * cache need not start empty every `maxAgeMs` to see their writes, and its answers learn of them within moments
 * instead of at their `maxAgeMs` expiry. Each server notifies its committed change sets (with the answers' dependency
 * keys: `pg-change-feed-messages.ts`) and a heartbeat every `maxAgeMs / 6`; the read cache forgets what others' sets
 * name, and `onPeerChanges` listeners (the server's answer cache) hear of them. The read cache still starts empty
 * (`healthy()` false, see `enableReadCache`), and the listeners hear "everything changed", when its own heartbeat has
 * not come back within half of `maxAgeMs` (the listening connection is down: notifications may be lost), when the
 * listening connection comes back, and when a peer's heartbeats stop for that long (it may have died between a commit
 * and its notification).
 */
export class PgChangeFeed implements CrossServerFeed {
  readonly origin = randomUUID();
  private readonly channel: string;
  private readonly client: postgres.Sql;
  private readonly peers = new Map<string, number>();
  private readonly now: () => number;
  private readonly beatMs: number;
  private beat = 0;
  /** When each heartbeat still on its way was sent. */
  private readonly beatsSent = new Map<number, number>();
  /** When the latest heartbeat that came back was sent: every change committed before then has reached us. */
  private beatBackAt = Number.NEGATIVE_INFINITY;
  private listens = 0;
  /** A change set's notification failed: peers may have missed it (told "everything changed" at the next beat). */
  private missed = false;
  private stopChanges: () => void = () => {};
  private unlisten: () => Promise<void> = async () => {};
  private timer?: ReturnType<typeof setInterval>;

  constructor(
    private readonly store: Store,
    private readonly options: PgChangeFeedOptions,
  ) {
    this.channel = channelOf(options.schema);
    this.client = postgres(options.url, { max: 1, onnotice: () => {} });
    this.now = options.now ?? Date.now;
    this.beatMs = Math.max(10, Math.floor(options.maxAgeMs / 6));
  }

  /** Listens, then notifies this store's change sets and heartbeats (every `maxAgeMs / 6` unless `timer` is false). */
  async start(timer = true): Promise<void> {
    const listening = await this.client.listen(
      this.channel,
      (payload) => this.received(payload),
      () => this.listening(),
    );
    this.unlisten = listening.unlisten;
    this.stopChanges = onStoreChanges(this.store, (changes) => void this.send(...messagesOf(this.origin, changes)));
    setCrossServerFeed(this.store, this);
    if (timer) {
      this.timer = setInterval(() => this.tick(), this.beatMs);
      this.timer.unref?.();
    }
    await this.tick();
  }

  /** Other servers heard from lately. */
  get peerCount(): number {
    return this.peers.size;
  }

  /** How many heartbeats have been sent. */
  get beats(): number {
    return this.beat;
  }

  /** True while this feed's own heartbeat came back recently: every committed change of the others reached it. */
  healthy(): boolean {
    return this.now() - this.beatBackAt <= 3 * this.beatMs;
  }

  /** Sends a heartbeat and forgets everything if the feed is not healthy or a peer went silent (the timer's work). */
  async tick(): Promise<void> {
    const now = this.now();
    let forget = !this.healthy() && this.beat > 0;
    for (const [peer, seen] of this.peers)
      if (now - seen > 3 * this.beatMs) {
        this.peers.delete(peer);
        forget = true;
      }
    if (forget) this.forget();
    if (this.missed) {
      this.missed = false;
      await this.send({ o: this.origin, a: 1 });
    }
    this.beat += 1;
    this.beatsSent.set(this.beat, now);
    // a heartbeat lost with a connection never comes back: keep only the recent ones
    for (const [beat] of this.beatsSent) if (beat < this.beat - 10) this.beatsSent.delete(beat);
    await this.send({ o: this.origin, h: this.beat });
  }

  /** Stops notifying and listening. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.stopChanges();
    if (crossServerFeedOf(this.store) === this) setCrossServerFeed(this.store, undefined);
    await this.unlisten().catch(() => undefined);
    await this.client.end({ timeout: 1 });
  }

  private listening(): void {
    this.listens += 1;
    // back after a lost connection: what was notified meanwhile is lost
    if (this.listens > 1) this.forget();
  }

  /** Others' writes may have been missed: the read cache starts empty and every answer counts as touched. */
  private forget(): void {
    readCacheOf(this.store)?.clear();
    publishPeerChanges(this.store, EVERYTHING_CHANGED);
  }

  private received(payload: string): void {
    let m: ChangeMessage;
    try {
      m = JSON.parse(payload) as ChangeMessage;
    } catch {
      return;
    }
    if (m.o === this.origin) {
      const sentAt = m.h === undefined ? undefined : this.beatsSent.get(m.h);
      if (sentAt !== undefined) this.beatBackAt = Math.max(this.beatBackAt, sentAt);
      return;
    }
    this.peers.set(m.o, this.now());
    const changes = changesOf(m);
    if (!changes) return;
    readCacheOf(this.store)?.apply(changes);
    publishPeerChanges(this.store, changes);
  }

  /** Notifies `messages` in one statement; a change set that could not be sent is "everything" at the next beat. */
  private async send(...messages: ChangeMessage[]): Promise<void> {
    try {
      const payloads = messages.map((m) => JSON.stringify(m));
      // one round trip for every part of a change set (each part is applied on its own: their order does not matter)
      if (payloads.length === 1) await sql`select pg_notify(${this.channel}, ${payloads[0]})`.execute(this.store.db);
      else
        await sql`select pg_notify(${this.channel}, m) from json_array_elements_text(${JSON.stringify(payloads)}::text::json) as m`.execute(
          this.store.db,
        );
    } catch (err) {
      if (messages.some((m) => m.h === undefined)) this.missed = true;
      this.options.logger?.warn({ err }, 'change feed notify failed');
    }
  }
}

/**
 * Starts the change feed of a PostgreSQL store (undefined on SQLite, or when listening fails: the read cache then
 * keeps starting empty every `maxAgeMs`).
 */
export async function startPgChangeFeed(store: Store, options: PgChangeFeedOptions): Promise<PgChangeFeed | undefined> {
  if (store.dialect !== 'postgres') return undefined;
  const feed = new PgChangeFeed(store, options);
  try {
    await feed.start();
    return feed;
  } catch (err) {
    options.logger?.warn({ err }, 'change feed not started');
    await feed.stop().catch(() => undefined);
    return undefined;
  }
}
