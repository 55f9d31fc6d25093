import { describe, expect, it } from 'vitest';
import { freshLocation, testDialects } from '../../test/dialects.ts';
import { ev, note, T0, testUser } from '../../test/fixtures/events.ts';
import { RawSocket } from '../../test/raw-socket.ts';
import { ingestEvents } from '../ingest/index.ts';
import { type RunningServer, startServer } from '../server.ts';
import { DEFAULT_LIMITS } from '../ws/limits.ts';
import { responseCacheFor, responseCacheOptions, responseKey } from '../ws/response-cache.ts';
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

for (const dialect of testDialects()) {
  describe(`answers cached on one server learn another's writes (${dialect})`, () => {
    it('a note posted through A shows in B within ~2 s; on PostgreSQL an unrelated answer of B stays exact', async () => {
      const where = freshLocation(dialect, 'crossans');
      const servers: RunningServer[] = [];
      let socket: RawSocket | undefined;
      try {
        servers.push(await startServer(where.options));
        servers.push(await startServer(where.options));
        const [a, b] = servers;
        const first = note(ann, 'first words');
        const other = note(bob, 'unrelated thread');
        await ingestEvents(a.store, [first, other], { source: 'relay' });
        socket = await RawSocket.open(b.url);
        const s = socket;
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
        const deadline = Date.now() + SHOWS_WITHIN_MS;
        let ids: string[] = [];
        while (!ids.includes(second.id)) {
          if (Date.now() > deadline) throw new Error(`not shown within ${SHOWS_WITHIN_MS} ms: ${ids.join(',')}`);
          ids = noteIds(await s.cacheObjects('feed', annFeed));
          // well under the connection's message rate limit
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(ids).toEqual([second.id, first.id]);
        // PostgreSQL names what changed: the thread nobody touched is still a fresh computation's equal
        if (dialect === 'postgres') expect(threadExact()).toBe(true);
      } finally {
        await socket?.close();
        for (const s of servers) await s.close();
        await where.cleanup();
      }
    });

    it('a live counter on B pushes a DM stored through A, and its reset through A, within ~2 s', async () => {
      const where = freshLocation(dialect, 'crosslive');
      const servers: RunningServer[] = [];
      let socket: RawSocket | undefined;
      try {
        servers.push(await startServer(where.options));
        servers.push(await startServer(where.options));
        const [a, b] = servers;
        socket = await RawSocket.open(b.url);
        const s = socket;
        const counts = () =>
          s.framesOf('dm').flatMap((f) => (f.message[0] === 'EVENT' ? [(f.message[2] as { cnt: number }).cnt] : []));
        s.send(['REQ', 'dm', { cache: ['directmsg_count', { pubkey: bob.pubkey }] }]);
        await s.waitFor((f) => f.message[0] === 'EVENT' && f.message[1] === 'dm');
        expect(counts()).toEqual([0]);

        const sent = Date.now();
        await ingestEvents(a.store, [ev(ann, 4, 'secret?iv=x', [['p', bob.pubkey]])], { source: 'relay' });
        await s.waitFor(
          (f) => f.message[0] === 'EVENT' && f.message[1] === 'dm' && (f.message[2] as { cnt: number }).cnt === 1,
        );
        expect(Date.now() - sent).toBeLessThan(SHOWS_WITHIN_MS);
        // bob marks his messages read through A (a write outside ingest): B pushes the zero
        const request = ev(bob, 30078, '{}', [['d', 'Primal-Web App', 'test']], Math.floor(Date.now() / 1000));
        const viaA = await RawSocket.open(a.url);
        try {
          const reset = Date.now();
          await viaA.cacheObjects('reset_directmsg_counts', { event_from_user: request });
          await s.waitFor(() => counts().length >= 3);
          expect(counts()).toEqual([0, 1, 0]);
          expect(Date.now() - reset).toBeLessThan(SHOWS_WITHIN_MS);
        } finally {
          await viaA.close();
        }
      } finally {
        await socket?.close();
        for (const s of servers) await s.close();
        await where.cleanup();
      }
    });

    it("a viewer's settings saved through A touch B's answers of that viewer", async () => {
      const where = freshLocation(dialect, 'crossset');
      const servers: RunningServer[] = [];
      try {
        servers.push(await startServer(where.options));
        servers.push(await startServer(where.options));
        const [a, b] = servers;
        const heard: StoreChangeSet[] = [];
        const stop = b.notifier.onChanges((changes) => heard.push(changes));
        const content = JSON.stringify({ description: 'Sync app settings', theme: 'ice' });
        const request = ev(ann, 30078, content, [['d', 'Primal-Web App']], Math.floor(Date.now() / 1000));
        const viaA = await RawSocket.open(a.url);
        try {
          const saved = Date.now();
          await viaA.cacheObjects('set_app_settings', { settings_event: request });
          // PostgreSQL names the viewer's state; SQLite's watch sees another connection's commit: everything
          const touched = (c: StoreChangeSet) => c.all || (c.keys ?? []).includes(`v:${ann.pubkey}`);
          while (!heard.some(touched)) {
            if (Date.now() - saved > SHOWS_WITHIN_MS) throw new Error(`not heard within ${SHOWS_WITHIN_MS} ms`);
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          if (dialect === 'postgres') expect(heard.some((c) => c.all)).toBe(false);
        } finally {
          stop();
          await viaA.close();
        }
      } finally {
        for (const s of servers) await s.close();
        await where.cleanup();
      }
    });
  });
}
