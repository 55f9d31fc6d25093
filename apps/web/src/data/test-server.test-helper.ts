import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingestEvents, type RunningServer, startServer } from '@tide/cache-server/testing';
import type { NostrEvent } from '@tide/core/nostr';
import { finalizeEvent, generateSecretKey } from 'nostr-tools/pure';

/** A real caching service on 127.0.0.1 (random port) over a fresh SQLite file, for data-hook tests. */
export interface TestServer {
  server: RunningServer;
  /** Stores already signed events through ingest and tells the server; throws naming the reasons if any is rejected. */
  addEvents: (events: NostrEvent[]) => Promise<NostrEvent[]>;
  /** Signs and stores kind-1 notes at the given times (one author per call unless `keys` given). */
  addNotes: (times: number[], text?: (i: number) => string) => Promise<NostrEvent[]>;
  /** Stops the server and keeps the store for a restart on the same port. */
  restart: () => Promise<void>;
  close: () => Promise<void>;
}

/** Starts a caching service with an empty store; `close()` removes its files. */
export async function startTestServer(): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'tide-web-data-'));
  const sqlitePath = join(dir, 'cache.db');
  let server = await startServer({ sqlitePath });
  const key = generateSecretKey();
  let counter = 0;
  const addEvents = async (events: NostrEvent[]) => {
    const results = await ingestEvents(server.store, events, { source: 'test' });
    const rejected = results.filter((r) => !r.ok);
    if (rejected.length) throw new Error(`ingest rejected: ${rejected.map((r) => r.reason).join(', ')}`);
    // As the server's own ingest paths do: live pushes and the answer cache learn that the store changed.
    server.notifier.eventsAccepted(events);
    return events;
  };
  return {
    get server() {
      return server;
    },
    addEvents,
    addNotes: (times, text = (i) => `note number ${i}`) =>
      addEvents(
        times.map((created_at) => {
          counter += 1;
          return finalizeEvent({ kind: 1, created_at, tags: [], content: text(counter) }, key) as NostrEvent;
        }),
      ),
    restart: async () => {
      const port = server.port;
      await server.close();
      server = await startServer({ sqlitePath, port });
    },
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
