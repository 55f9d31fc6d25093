import { describe, expect, it, vi } from 'vitest';
import { freshLocation, testDialects } from '../../test/dialects.ts';
import { note, profile, testUser } from '../../test/fixtures/events.ts';
import { RawSocket } from '../../test/raw-socket.ts';
import { ingestEvents } from '../ingest/index.ts';
import { saveMember } from '../membership/index.ts';
import { startServer } from '../server.ts';
import type { Store } from '../store/index.ts';
import { setCrossServerFeed } from './change-feed.ts';
import { enableReadCache, readCacheOf } from './read-cache.ts';

const ann = testUser('cross-members-ann');
/** How soon a membership change through one server must show in another's cached answers (ms). */
const SHOWS_WITHIN_MS = 2500;

for (const dialect of testDialects()) {
  describe(`member rows written through one server (${dialect})`, () => {
    it("show in another server's cached answers within ~2 s (PostgreSQL: its change set; SQLite: data_version)", async () => {
      const where = freshLocation(dialect, 'crossmem');
      const a = await startServer(where.options);
      const b = await startServer(where.options);
      const socket = await RawSocket.open(b.url);
      try {
        const annNote = note(ann, 'a note by ann');
        await ingestEvents(a.store, [profile(ann, { name: 'ann' }), annNote], { source: 'relay' });
        const ask = () => socket.cacheObjects('thread_view', { event_id: annNote.id, limit: 20 });
        expect((await ask()).some((o) => o.kind === 10000169)).toBe(false);
        const now = Math.floor(Date.now() / 1000);
        await saveMember(a.store, {
          pubkey: ann.pubkey,
          name: 'ann',
          tier: 'premium',
          expires_on: now + 86_400,
          premium_since: now,
          donated_sats: 1,
          last_donation: now,
          customization: '',
        });
        const deadline = Date.now() + SHOWS_WITHIN_MS;
        let cohorts: string | undefined;
        while (!cohorts && Date.now() < deadline) {
          cohorts = (await ask()).find((o) => o.kind === 10000169)?.content;
          if (!cohorts) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(Object.keys(JSON.parse(cohorts ?? '{}'))).toEqual([ann.pubkey]);
      } finally {
        await socket.close();
        await b.close();
        await a.close();
        await where.cleanup();
      }
    });
  });
}

describe('member rows no change set names', () => {
  it('go with the verified names every max age while a healthy feed spares the other pieces', () => {
    vi.useFakeTimers();
    const store = {} as Store;
    setCrossServerFeed(store, { healthy: () => true });
    const off = enableReadCache(store, undefined, 1_000);
    try {
      const cache = readCacheOf(store);
      cache?.members.set('m', null);
      cache?.verified.set('m', null);
      cache?.profiles.set('m', null);
      vi.advanceTimersByTime(1_000);
      expect(cache?.members.get('m')).toBeUndefined();
      expect(cache?.verified.get('m')).toBeUndefined();
      expect(cache?.profiles.get('m')).toBeNull();
    } finally {
      off();
      setCrossServerFeed(store, undefined);
      vi.useRealTimers();
    }
  });
});
