import type { CacheClient } from '@tide/core/cache';
import { naddrEncode } from '@tide/core/nostr';
import { expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { type Fixture, U } from './content-test-fixture.ts';
import { contentOf, ofKind, rangeOf, useFixtureWire } from './content-wire.test-helper.ts';

describeDialects('reads over the wire', (getStore) => {
  let client: CacheClient;
  let f: Fixture;
  useFixtureWire(getStore, (wire) => {
    ({ f, client } = wire);
  });

  it('long_form_content_feed: all, authored, by follows, by topic; range on published_at', async () => {
    const all = await client.request('long_form_content_feed', { limit: 10 });
    expect(rangeOf(all)).toMatchObject({ order_by: 'published_at', elements: [f.article.id] });
    const authored = await client.request('long_form_content_feed', { pubkey: U.bob.pubkey, notes: 'authored' });
    expect(rangeOf(authored).elements).toEqual([f.article.id]);
    const follows = await client.request('long_form_content_feed', { pubkey: U.viewer.pubkey, notes: 'follows' });
    expect(rangeOf(follows).elements).toEqual([f.article.id]);
    const byDave = await client.request('long_form_content_feed', { pubkey: U.dave.pubkey, notes: 'follows' });
    expect(rangeOf(byDave).elements).toEqual([]);
    expect(rangeOf(await client.request('long_form_content_feed', { topic: 'nostr' })).elements).toEqual([
      f.article.id,
    ]);
    expect(rangeOf(await client.request('long_form_content_feed', { topic: 'cooking' })).elements).toEqual([]);
  });

  it('reads side panels: recommended reads, topics, featured authors, advanced feeds', async () => {
    const rec = contentOf<{ reads: string[][] }>((await client.request('get_recommended_reads'))[0]);
    expect(rec.reads).toEqual([
      [naddrEncode({ kind: 30023, pubkey: U.bob.pubkey, identifier: 'my-article' }), 'My article'],
    ]);
    expect(contentOf<string[]>((await client.request('get_reads_topics'))[0])).toEqual(['nostr']);
    expect(contentOf<string[]>((await client.request('get_featured_authors'))[0])).toEqual([U.bob.pubkey]);
    const feeds = await client.request('get_advanced_feeds');
    expect(feeds[0].kind).toBe(10000150);
    expect(contentOf<Array<{ id: string }>>(feeds[0]).map((x) => x.id)).toContain('latest');
  });

  it('a bad pubkey or kind is a NOTICE, a missing article an empty answer', async () => {
    await expect(client.request('articles_stats', { pubkey: 'zz' })).rejects.toMatchObject({
      notice: 'invalid pubkey',
    });
    await expect(client.request('top_article', { pubkey: U.bob.pubkey, by: 'mood' })).rejects.toMatchObject({
      notice: 'invalid by: mood',
    });
    const none = await client.request('long_form_content_thread_view', {
      pubkey: U.bob.pubkey,
      kind: 30023,
      identifier: 'nope',
    });
    expect(ofKind(none, 30023)).toEqual([]);
  });
});
