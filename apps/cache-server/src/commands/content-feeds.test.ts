import type { CacheClient } from '@tide/core/cache';
import { CacheNoticeError } from '@tide/core/cache';
import { npubEncode, signEvent } from '@tide/core/nostr';
import { expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { ingestEvents } from '../ingest/index.ts';
import type { RunningServer } from '../server.ts';
import { type Fixture, NOW, U } from './content-test-fixture.ts';
import { contentOf, contentsOf, newClient, ofKind, rangeOf, useFixtureWire } from './content-wire.test-helper.ts';

describeDialects('content feeds over the wire', (getStore) => {
  let server: RunningServer;
  let client: CacheClient;
  let f: Fixture;
  useFixtureWire(getStore, (wire) => {
    ({ f, server, client } = wire);
  });
  const latest = (extra: Record<string, unknown> = {}) =>
    client.request('mega_feed_directive', {
      spec: '{"id":"latest","kind":"notes"}',
      user_pubkey: U.viewer.pubkey,
      limit: 20,
      ...extra,
    });

  it('latest: top-level notes and reposts of follows, newest first, with the bundle', async () => {
    const out = await latest();
    const range = rangeOf(out);
    const tie = [f.n2.id, f.n3.id].sort().reverse();
    expect(range.elements).toEqual([f.n4.id, ...tie, f.repost.id, f.n1.id, f.old.id]); // old: 100 days back
    expect(range).toMatchObject({ since: f.old.created_at, until: NOW - 2 * 3600, order_by: 'created_at' });
    expect(range.elements).not.toContain(f.r1.id);
    expect(range.elements).not.toContain(f.n5.id);
    expect(range.elements).not.toContain(f.repostOfMuted.id); // reposts a muted author
    for (const hidden of [f.spam, f.rude, f.mutedThread, f.inMutedThread])
      expect(range.elements).not.toContain(hidden.id);
    const other = newClient(server); // a viewer without mutes sees them
    const theirs = rangeOf(
      await other.request('mega_feed_directive', {
        spec: '{"id":"all-notes","kind":"notes"}',
        user_pubkey: U.bob.pubkey,
      }),
    );
    expect(theirs.elements).toEqual(expect.arrayContaining([f.spam.id, f.rude.id, f.mutedThread.id]));
    other.disconnect();
    const stats = contentsOf<{ event_id: string; likes: number; zaps: number; satszapped: number }>(out, 10000100);
    expect(stats.find((s) => s.event_id === f.n1.id)).toMatchObject({ likes: 1, zaps: 2, satszapped: 2600 });
    const actions = contentsOf<{ event_id: string; liked: boolean }>(out, 10000115);
    expect(actions.find((a) => a.event_id === f.n1.id)).toMatchObject({ liked: true, replied: false });
    const authors = ofKind(out, 0).map((e) => e.pubkey);
    expect(authors).toEqual(expect.arrayContaining([U.bob.pubkey, U.carol.pubkey]));
    const zapObjects = contentsOf<{ amount_sats: number; event_id: string }>(out, 10000129);
    expect(zapObjects.map((z) => z.amount_sats)).toEqual([2100, 500]);
    expect(Object.keys(contentOf(ofKind(out, 10000108)[0]))).toContain(U.bob.pubkey);
  });

  it('pages with until + offset without repeating the items that share the boundary timestamp', async () => {
    const first = rangeOf(await latest({ limit: 2 }));
    expect(first.elements).toHaveLength(2);
    const offset = first.elements.length - 1; // one of the two shares the `since` timestamp
    const second = rangeOf(await latest({ limit: 2, until: first.since, offset }));
    const all = [...first.elements, ...second.elements];
    expect(new Set(all).size).toBe(4);
    expect(all).toEqual(rangeOf(await latest()).elements.slice(0, 4));
  });

  it('guests get the default account feed (empty here) as an empty FeedRange', async () => {
    // a fresh connection: the server remembers the first user_pubkey a connection sends (protocol §1.6)
    const guest = newClient(server);
    const out = await guest.request('mega_feed_directive', { spec: '{"id":"latest","kind":"notes"}', limit: 20 });
    expect(contentOf(ofKind(out, 10000113)[0])).toEqual({ order_by: 'created_at', elements: [] });
    guest.disconnect();
  });

  it('profile specs: authored without replies, replies, bookmarks', async () => {
    const spec = (notes: string, pubkey: string) => JSON.stringify({ id: 'feed', kind: 'notes', notes, pubkey });
    const authored = rangeOf(await client.request('mega_feed_directive', { spec: spec('authored', U.bob.pubkey) }));
    expect(authored.elements).toEqual([f.n2.id, f.n1.id]);
    const replies = rangeOf(await client.request('mega_feed_directive', { spec: spec('replies', U.bob.pubkey) }));
    expect(replies.elements).toEqual([f.r2.id]);
    const bookmarks = rangeOf(
      await client.request('mega_feed_directive', { spec: spec('bookmarks', U.viewer.pubkey) }),
    );
    expect(bookmarks.elements).toEqual([f.n4.id, f.n2.id]);
    const articleSpec = JSON.stringify({
      id: 'feed',
      kind: 'notes',
      kinds: [30023],
      notes: 'bookmarks',
      pubkey: U.viewer.pubkey,
    });
    const articles = rangeOf(await client.request('mega_feed_directive', { spec: articleSpec }));
    expect(articles.elements).toEqual([f.article.id]);
  });

  it('feed (legacy) reads the same posts and rejects a bad pubkey with a NOTICE', async () => {
    const out = await client.request('feed', { pubkey: U.bob.pubkey, notes: 'authored' });
    expect(rangeOf(out).elements).toEqual([f.n2.id, f.n1.id]);
    await expect(client.request('feed', { pubkey: 'nope' })).rejects.toMatchObject({ notice: 'invalid pubkey' });
  });

  it('answers NOTICE for unreadable or unknown specs', async () => {
    await expect(client.request('mega_feed_directive', { spec: '{oops' })).rejects.toBeInstanceOf(CacheNoticeError);
    await expect(client.request('mega_feed_directive', { spec: '{oops' })).rejects.toMatchObject({
      notice: 'invalid spec format',
    });
    await expect(
      client.request('mega_feed_directive', { spec: '{"id":"no-such-feed","kind":"notes"}' }),
    ).rejects.toMatchObject({ notice: 'unknown feed spec: no-such-feed' });
  });

  it('reads: articles by published_at with word counts; drafts spec goes to drafts', async () => {
    const reads = await client.request('mega_feed_directive', { spec: '{"kind":"reads","minwords":100}' });
    expect(rangeOf(reads)).toMatchObject({ order_by: 'published_at', elements: [f.article.id] });
    expect(contentsOf<{ words: number }>(reads, 10000144)[0].words).toBeGreaterThanOrEqual(150);
    const none = await client.request('mega_feed_directive', { spec: '{"kind":"reads","minwords":1000}' });
    expect(rangeOf(none).elements).toEqual([]);
    const drafts = await client.request('mega_feed_directive', {
      spec: JSON.stringify({ id: 'feed', kind: 'drafts', notes: 'authored', pubkey: U.viewer.pubkey }),
    });
    expect(ofKind(drafts, 31234).map((e) => e.id)).toEqual([f.draft.id]);
  });

  it('advanced search: words, hashtags, from:, orderby and kind:0 users', async () => {
    const search = async (query: string) =>
      rangeOf(await client.request('mega_feed_directive', { spec: JSON.stringify({ id: 'advsearch', query }) }));
    expect((await search('coffee')).elements).toEqual([f.n1.id]);
    expect((await search('#nostr')).elements).toEqual([f.n4.id]);
    expect((await search(`from:${npubEncode(U.carol.pubkey)} -ties`)).elements).toEqual([
      f.n4.id,
      f.r1.id,
      f.comment.id,
      f.old.id,
    ]);
    const ordered = await search('orderby:likes');
    expect(ordered.order_by).toBe('likes');
    expect(ordered.elements[0]).toBe(f.n1.id);
    const users = await client.request('mega_feed_directive', {
      spec: JSON.stringify({ id: 'advsearch', query: 'kind:0 carol' }),
    });
    expect(ofKind(users, 0).map((e) => e.pubkey)).toEqual([U.carol.pubkey]);
  });

  it('search command: full-text over notes, newest first', async () => {
    const out = await client.request('search', { query: 'second', limit: 100 });
    expect(rangeOf(out).elements.sort()).toEqual([f.n2.id, f.n3.id].sort());
  });

  it('home and reads feed lists and advanced feeds are served', async () => {
    const home = contentsOf<unknown>(await client.request('get_home_feeds'), 10000153)[0];
    expect(Array.isArray(home)).toBe(true);
    const reads = contentsOf<unknown>(await client.request('get_reads_feeds'), 10000152)[0];
    expect(Array.isArray(reads)).toBe(true);
    const adv = await client.request('advanced_feed', { specification: ['advanced_search', { query: 'coffee' }] });
    expect(rangeOf(adv).elements).toEqual([f.n1.id]);
  });

  it('feed marketplace: featured DVM feeds, one feed by address, creator tiers', async () => {
    const feeds = await client.request('get_featured_dvm_feeds', { kind: 'notes' });
    expect(ofKind(feeds, 31990).map((e) => e.id)).toEqual([f.dvm.id]);
    expect(contentsOf(feeds, 10000159)).toEqual([{ event_id: f.dvm.id, kind: 'notes', is_primal: false }]);
    expect(ofKind(await client.request('get_featured_dvm_feeds', { kind: 'reads' }), 31990)).toEqual([]);
    const info = await client.request('dvm_feed_info', { pubkey: U.bob.pubkey, identifier: 'bob-feed' });
    expect(ofKind(info, 31990).map((e) => e.id)).toEqual([f.dvm.id]);
    const viaDvm = await client.request('mega_feed_directive', {
      spec: JSON.stringify({ dvm_id: 'bob-feed', dvm_pubkey: U.bob.pubkey, kind: 'notes' }),
    });
    const allNotes = await client.request('mega_feed_directive', { spec: '{"id":"all-notes","kind":"notes"}' });
    expect(rangeOf(viaDvm).elements).toEqual(rangeOf(allNotes).elements);
    expect(rangeOf(viaDvm).elements.length).toBeGreaterThan(0);
    await expect(
      client.request('mega_feed_directive', { spec: JSON.stringify({ dvm_id: 'nope', dvm_pubkey: U.bob.pubkey }) }),
    ).rejects.toMatchObject({ notice: 'dvm feed not available' });
    const tiers = await client.request('creator_paid_tiers', { pubkey: U.carol.pubkey });
    expect(tiers.map((e) => e.id).sort()).toEqual([f.tier.id, f.tierList.id].sort());
  });

  it('named note feeds: reposted by follows in the last 24 hours, engaging discussions', async () => {
    const missed = await client.request('mega_feed_directive', {
      spec: '{"id":"important-notes-i-might-have-missed","kind":"notes"}',
      user_pubkey: U.viewer.pubkey,
    });
    expect(rangeOf(missed)).toMatchObject({ elements: [f.n1.id], since: f.repost.created_at });
    const talk = await client.request('mega_feed_directive', { spec: '{"id":"engaging-discussions","kind":"notes"}' });
    expect(rangeOf(talk)).toMatchObject({ order_by: 'replies', elements: [] });
    // dave starts following the viewer, who bookmarked n2 and n4
    const follow = signEvent({ kind: 3, created_at: NOW - 60, tags: [['p', U.viewer.pubkey]], content: '' }, U.dave.sk);
    expect((await ingestEvents(getStore(), [follow], { source: 'import', now: NOW }))[0].ok).toBe(true);
    const daves = newClient(server);
    const byFollows = await daves.request('mega_feed_directive', {
      spec: '{"id":"bookmarked-by-follows","kind":"notes"}',
      user_pubkey: U.dave.pubkey,
    });
    expect(rangeOf(byFollows).elements).toEqual([f.n4.id, f.n2.id]);
    daves.disconnect();
  });
});
