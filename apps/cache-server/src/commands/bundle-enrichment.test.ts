import { signEvent } from '@tide/core/nostr';
import { expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { ingestEvents } from '../ingest/index.ts';
import { enableReadCache } from '../read-cache/read-cache.ts';
import { enrichPosts } from './bundle.ts';
import { readAhead } from './bundle-enrichment.ts';
import { topZaps } from './bundle-zaps.ts';
import { linkMetadata, mediaInfo } from './content-bundle-parts.ts';
import { loadFixture, NOW, U } from './content-test-fixture.ts';

describeDialects('bundle enrichment read ahead', (getStore, dialect) => {
  it('reads media, links and top zaps as the three queries do, in one statement on PostgreSQL', async () => {
    const store = getStore();
    const f = await loadFixture(store);
    const linked = signEvent(
      { kind: 1, created_at: NOW - 60, tags: [], content: 'read https://site.example/a' },
      U.bob.sk,
    );
    await ingestEvents(store, [linked], { source: 'import', now: NOW });
    const links = await store.db.selectFrom('event_links').select(['event_id', 'url']).execute();
    expect(links.length).toBeGreaterThan(0);
    await store.db
      .insertInto('link_previews')
      .values(
        [...new Set(links.map((l) => l.url))].map((url, i) => ({
          url,
          mimetype: 'text/html',
          title: `title ${i}`,
          description: i % 2 ? '' : 'about',
          image: '',
          icon_url: 'https://example.com/icon.png',
          updated_at: 1,
        })),
      )
      .execute();
    const events = [...Object.values(f).filter((e) => !Array.isArray(e)), linked] as Array<{
      id: string;
      created_at: number;
    }>;
    const ids = events.map((e) => e.id).sort();
    const posts = events.map((e) => ({ id: e.id, value: e.created_at }));
    const reference = {
      media: await mediaInfo(store, ids),
      links: await linkMetadata(store, ids),
      zaps: await topZaps(store, ids, new Set()),
      bundle: await enrichPosts(store, posts),
    };
    expect(reference.media.length).toBeGreaterThan(0);
    expect(reference.links.length).toBeGreaterThan(0);
    expect(reference.zaps.length).toBeGreaterThan(0);

    const stop = enableReadCache(store);
    try {
      const ahead = readAhead(store, ids, ids);
      // PostgreSQL reads the three parts in one statement; SQLite runs its three queries (microseconds each)
      expect(Object.keys(ahead).sort()).toEqual(dialect === 'postgres' ? ['links', 'media', 'zaps'] : []);
      expect(await mediaInfo(store, ids, ahead.media)).toEqual(reference.media);
      expect(await linkMetadata(store, ids, ahead.links)).toEqual(reference.links);
      expect(await topZaps(store, ids, new Set(), ahead.zaps)).toEqual(reference.zaps);
      // now cached: nothing left to read ahead
      expect(readAhead(store, ids, ids)).toEqual({});
    } finally {
      stop();
    }
    const again = enableReadCache(store);
    try {
      expect(await enrichPosts(store, posts)).toEqual(reference.bundle);
      expect(await enrichPosts(store, posts)).toEqual(reference.bundle);
    } finally {
      again();
    }
  });
});
