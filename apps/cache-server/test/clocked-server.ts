import type { NostrEvent } from '@tide/core/nostr';
import { expect } from 'vitest';
import { type RunningServer, startServer } from '../src/server.ts';
import { openStore, type Store, type StoreDialect } from '../src/store/index.ts';
import { freshLocation } from './dialects.ts';
import { T0 } from './fixtures/events.ts';
import { RawSocket } from './raw-socket.ts';

/** A server on a fresh store whose clock starts a new second at every write, with a socket and a writer. */
export interface ClockedServer {
  store: Store;
  server: RunningServer;
  socket: RawSocket;
  /** Imports one event through `socket` (it must be accepted), one clock second after the last write. */
  write(event: NostrEvent): Promise<void>;
  /** A socket on a second server over the same store and clock with no answer reuse: fresh computations. */
  direct(): Promise<RawSocket>;
}

/**
 * Starts a ClockedServer on `dialect` (answers live up to 1e9 ms while untouched, so a touched answer is never reused
 * across a write); every close is pushed onto `closers`, to run in reverse order after the test.
 */
export async function clockedServer(
  dialect: StoreDialect,
  label: string,
  closers: Array<() => Promise<void>>,
): Promise<ClockedServer> {
  const loc = freshLocation(dialect, label);
  closers.push(loc.cleanup);
  const store = await openStore(loc.options);
  closers.push(() => store.close());
  let clock = T0 + 100_000;
  const now = () => clock;
  const server = await startServer({ store, now, limits: { responseCacheMaxAgeMs: 1e9 } });
  closers.push(() => server.close());
  const socket = await RawSocket.open(server.url);
  closers.push(() => socket.close());
  return {
    store,
    server,
    socket,
    async write(event) {
      clock += 1;
      expect(await socket.cacheObjects('import_events', { events: [event] })).toHaveLength(1);
    },
    async direct() {
      const plain = await startServer({ store, now, limits: { responseCacheMs: 0 } });
      closers.push(() => plain.close());
      const direct = await RawSocket.open(plain.url);
      closers.push(() => direct.close());
      return direct;
    },
  };
}
