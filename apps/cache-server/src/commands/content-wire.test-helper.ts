import { CacheClient } from '@tide/core/cache';
import type { CacheEvent } from '@tide/core/nostr';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import { type RunningServer, startServer } from '../server.ts';
import type { Store } from '../store/index.ts';
import { type Fixture, loadFixture, NOW } from './content-test-fixture.ts';

/** A server on port 0 over `store` with the fixture clock, and a CacheClient (zlib on) talking to it. */
export async function openWire(store: Store): Promise<{ server: RunningServer; client: CacheClient }> {
  const server = await startServer({ store, now: () => NOW });
  return { server, client: newClient(server) };
}

/** The content fixture and a wire to it, as a describe block's tests use them. */
export interface FixtureWire {
  f: Fixture;
  server: RunningServer;
  client: CacheClient;
}

/**
 * For the enclosing describe: loads the content fixture into `getStore()` and opens a wire to it before its tests
 * (handing both to `use`), and closes the wire after them.
 */
export function useFixtureWire(getStore: () => Store, use: (wire: FixtureWire) => void): void {
  let wire: FixtureWire | undefined;
  beforeAll(async () => {
    const f = await loadFixture(getStore());
    wire = { f, ...(await openWire(getStore())) };
    use(wire);
  });
  afterAll(async () => {
    wire?.client.disconnect();
    await wire?.server.close();
  });
}

/** Another CacheClient (a new connection) to a running server. */
export function newClient(server: RunningServer): CacheClient {
  return new CacheClient({ url: server.url, WebSocket: WebSocket as never });
}

/** The parsed JSON content of a synthetic object. */
export function contentOf<T = Record<string, unknown>>(e: CacheEvent | undefined): T {
  if (!e || typeof e.content !== 'string') throw new Error('no content');
  return JSON.parse(e.content) as T;
}

/** The FeedRange (10000113) of an answer. */
export interface Range {
  since?: number;
  until?: number;
  order_by: string;
  elements: string[];
}

/** The single FeedRange of an answer (throws unless exactly one). */
export function rangeOf(events: CacheEvent[]): Range {
  const ranges = events.filter((e) => e.kind === 10000113);
  if (ranges.length !== 1) throw new Error(`expected one FeedRange, got ${ranges.length}`);
  return contentOf<Range>(ranges[0]);
}

/** Objects of one kind. */
export function ofKind(events: CacheEvent[], kind: number): CacheEvent[] {
  return events.filter((e) => e.kind === kind);
}

/** Contents of the synthetic objects of one kind, parsed. */
export function contentsOf<T = Record<string, unknown>>(events: CacheEvent[], kind: number): T[] {
  return ofKind(events, kind).map((e) => contentOf<T>(e));
}
