import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingestEvents, type RunningServer, startServer } from '@tide/cache-server/testing';
import type { NostrEvent } from '@tide/core/nostr';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';

/** A test author: secret key and hex public key. */
export interface TestAuthor {
  secret: Uint8Array;
  pubkey: string;
}

/** Makes an author. */
export function testAuthor(): TestAuthor {
  const secret = generateSecretKey();
  return { secret, pubkey: getPublicKey(secret) };
}

/** Signs an event of `author`. */
export function signed(
  author: TestAuthor,
  kind: number,
  content: string,
  tags: string[][] = [],
  createdAt = Math.floor(Date.now() / 1000) - 600,
): NostrEvent {
  return finalizeEvent({ kind, created_at: createdAt, tags, content }, author.secret) as NostrEvent;
}

/** A real caching service (random loopback port, fresh SQLite file) holding `events`; `close()` removes it. */
export async function startNetwork(
  events: NostrEvent[],
): Promise<{ server: RunningServer; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'tide-web-thread-'));
  const server = await startServer({ sqlitePath: join(dir, 'cache.db') });
  const results = await ingestEvents(server.store, events, { source: 'test' });
  const rejected = results.filter((r) => !r.ok);
  if (rejected.length) throw new Error(`ingest rejected: ${rejected.map((r) => r.reason).join(', ')}`);
  return {
    server,
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
