import { describe, expect, it } from 'vitest';
import { freshLocation, testDialects } from '../../test/dialects.ts';
import { ev, note, T0, testUser } from '../../test/fixtures/events.ts';
import { RawSocket } from '../../test/raw-socket.ts';
import { responseCacheFor, responseCacheOptions, responseKey } from '../answers/index.ts';
import { ingestEvents } from '../ingest/index.ts';
import { DEFAULT_LIMITS } from '../limits.ts';
import { type RunningServer, startServer } from '../server.ts';
import type { StoreDialect } from '../store/index.ts';
import type { StoreChangeSet } from './change-set.ts';

const ann = testUser('cross-answers-ann');
const bob = testUser('cross-answers-bob');
/** How soon a write through one server must show in another's cached answers (ms; the SQLite watch looks every 1 s). */
const SHOWS_WITHIN_MS = 2500;

const annFeed = { pubkey: ann.pubkey, notes: 'authored', limit: 20 };

/** The ids of the notes in an answer. */
function noteIds(objects: Array<{ kind: number; id?: string }>): string[] {
  return objects.flatMap((o) => (o.kind === 1 && o.id ? [o.id] : []));
}

/**
 * Runs `test` with two servers A and B on one fresh store (a PostgreSQL schema or a SQLite file) and a socket opener;
 * closes the sockets, the servers and the store after.
 */
async function withTwoServers(
  dialect: StoreDialect,
  label: string,
  test: (a: RunningServer, b: RunningServer, open: (url: string) => Promise<RawSocket>) => Promise<void>,
): Promise<void> {
  const where = freshLocation(dialect, label);
  const servers: RunningServer[] = [];
  const sockets: RawSocket[] = [];
  const open = async (url: string) => {
    const socket = await RawSocket.open(url);
    sockets.push(socket);
    return socket;
  };
  try {
    servers.push(await startServer(where.options));
    servers.push(await startServer(where.options));
    await test(servers[0], servers[1], open);
  } finally {
    for (const socket of sockets) await socket.close();
    for (const server of servers) await server.close();
    await where.cleanup();
  }
}

/** Polls `check` (every 20 ms: well under a connection's message rate limit) until it holds, for SHOWS_WITHIN_MS. */
async function within<T>(check: () => Promise<T | undefined> | T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + SHOWS_WITHIN_MS;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${SHOWS_WITHIN_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

for (const dialect of testDialects()) {
  describe(`answers cached on one server learn another's writes (${dialect})`, () => {
    it('a note posted through A shows in B within ~2 s; on PostgreSQL an unrelated answer of B stays exact', () =>
      withTwoServers(dialect, 'crossans', async (a, b, open) => {
        const first = note(ann, 'first words');
        const other = note(bob, 'unrelated thread');
        await ingestEvents(a.store, [first, other], { source: 'relay' });
        const s = await open(b.url);
        expect(noteIds(await s.cacheObjects('feed', annFeed))).toEqual([first.id]);
        const threadPayload = { event_id: other.id, limit: 20 };
        expect(noteIds(await s.cacheObjects('thread_view', threadPayload))).toContain(other.id);
        const answers = responseCacheFor(b.notifier, responseCacheOptions(DEFAULT_LIMITS));
        const threadKey = responseKey('thread_view', threadPayload, null);
        const threadExact = () => {
          const held = answers.peek(threadKey, Math.floor(Date.now() / 1000), b.notifier.sequence);
          return held !== undefined && answers.isExact(threadKey, held);
        };
        expect(threadExact()).toBe(true);

        const second = note(ann, 'second words', [], T0 + 1);
        await ingestEvents(a.store, [second], { source: 'relay' });
        const ids = await within(async () => {
          const shown = noteIds(await s.cacheObjects('feed', annFeed));
          return shown.includes(second.id) ? shown : undefined;
        }, 'the second note in B');
        expect(ids).toEqual([second.id, first.id]);
        // PostgreSQL names what changed: the thread nobody touched is still a fresh computation's equal
        if (dialect === 'postgres') expect(threadExact()).toBe(true);
      }));

    it('a live counter on B pushes a DM stored through A, and its reset through A, within ~2 s', () =>
      withTwoServers(dialect, 'crosslive', async (a, b, open) => {
        const s = await open(b.url);
        const counts = () =>
          s.framesOf('dm').flatMap((f) => (f.message[0] === 'EVENT' ? [(f.message[2] as { cnt: number }).cnt] : []));
        s.send(['REQ', 'dm', { cache: ['directmsg_count', { pubkey: bob.pubkey }] }]);
        await within(() => (counts().length > 0 ? true : undefined), 'the first count');
        expect(counts()).toEqual([0]);

        await ingestEvents(a.store, [ev(ann, 4, 'secret?iv=x', [['p', bob.pubkey]])], { source: 'relay' });
        await within(() => (counts().length > 1 ? true : undefined), 'the count after a DM');
        // bob marks his messages read through A (a write outside ingest): B pushes the zero
        const request = ev(bob, 30078, '{}', [['d', 'Primal-Web App', 'test']], Math.floor(Date.now() / 1000));
        await (await open(a.url)).cacheObjects('reset_directmsg_counts', { event_from_user: request });
        await within(() => (counts().length > 2 ? true : undefined), 'the count after the reset');
        expect(counts()).toEqual([0, 1, 0]);
      }));

    it("a viewer's settings saved through A touch B's answers of that viewer", () =>
      withTwoServers(dialect, 'crossset', async (a, b, open) => {
        const heard: StoreChangeSet[] = [];
        const stop = b.notifier.onChanges((changes) => heard.push(changes));
        const content = JSON.stringify({ description: 'Sync app settings', theme: 'ice' });
        const request = ev(ann, 30078, content, [['d', 'Primal-Web App']], Math.floor(Date.now() / 1000));
        await (await open(a.url)).cacheObjects('set_app_settings', { settings_event: request });
        // PostgreSQL names the viewer's state; SQLite's watch sees another connection's commit: everything
        const touched = (c: StoreChangeSet) => c.all || (c.keys ?? []).includes(`v:${ann.pubkey}`);
        await within(() => (heard.some(touched) ? true : undefined), "the viewer's settings in B");
        stop();
        if (dialect === 'postgres') expect(heard.some((c) => c.all)).toBe(false);
      }));
  });
}
