import type { CacheClient } from '@tide/core/cache';
import { signEvent } from '@tide/core/nostr';
import { expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { ingestEvents } from '../ingest/index.ts';
import { type Fixture, NOW, U } from './content-test-fixture.ts';
import { contentOf, contentsOf, ofKind, rangeOf, useFixtureWire } from './content-wire.test-helper.ts';

describeDialects('content threads and events over the wire', (getStore) => {
  let client: CacheClient;
  let f: Fixture;
  useFixtureWire(getStore, (wire) => {
    ({ f, client } = wire);
  });

  it('thread_view of a deep reply: the reply, its ancestors and no siblings', async () => {
    const out = await client.request('thread_view', { event_id: f.r2.id, limit: 100, user_pubkey: U.viewer.pubkey });
    expect(rangeOf(out).elements).toEqual([f.r2.id, f.r1.id, f.n1.id]);
    expect(ofKind(out, 1).map((e) => e.id)).toEqual([f.r2.id, f.r1.id, f.n1.id]);
    const users = ofKind(out, 0).map((e) => e.pubkey);
    expect(users).toEqual(expect.arrayContaining([U.bob.pubkey, U.carol.pubkey, U.viewer.pubkey])); // viewer zapped n1
  });

  it('thread_view without parent posts: the reply alone (include_parent_posts false)', async () => {
    const out = await client.request('thread_view', { event_id: f.r2.id, include_parent_posts: false });
    expect(rangeOf(out).elements).toEqual([f.r2.id]);
    expect(ofKind(out, 1).map((e) => e.id)).toEqual([f.r2.id]);
  });

  it('thread_view of a root: the note and its direct replies, paged; the range bounds the replies', async () => {
    const out = await client.request('thread_view', { event_id: f.n1.id, limit: 100 });
    expect(rangeOf(out).elements).toEqual([f.r1.id, f.n1.id]);
    expect(rangeOf(out)).toMatchObject({ since: f.r1.created_at, until: f.r1.created_at });
    await expect(client.request('thread_view', { event_id: 'x' })).rejects.toMatchObject({
      notice: 'invalid event_id',
    });
  });

  it('thread_view leaves out replies by non-humans (flagged spam) unless the viewer follows them', async () => {
    const flag = { target: U.carol.pubkey, target_type: 'pubkey', grp: 'spam', blocked: 1, added_at: 0, comment: '' };
    await getStore().db.insertInto('filter_list').values(flag).execute();
    try {
      // (limits other tests do not use: the answer cache may hold their answers for this clock second)
      // (the connection remembers the viewer, so every request names one)
      const follower = await client.request('thread_view', {
        event_id: f.n1.id,
        limit: 98,
        user_pubkey: U.viewer.pubkey,
      });
      expect(rangeOf(follower).elements).toEqual([f.r1.id, f.n1.id]);
      const other = await client.request('thread_view', { event_id: f.n1.id, limit: 99, user_pubkey: U.dave.pubkey });
      expect(rangeOf(other).elements).toEqual([f.n1.id]);
    } finally {
      await getStore().db.deleteFrom('filter_list').where('target', '=', U.carol.pubkey).execute();
    }
  });

  it('events: raw events by created_at ascending, or the bundle with extended_response', async () => {
    const raw = await client.request('events', { event_ids: [f.n2.id, f.n1.id, 'f'.repeat(64)] });
    expect(raw.map((e) => e.id)).toEqual([f.n1.id, f.n2.id]);
    const extended = await client.request('events', { event_ids: [f.n1.id], extended_response: true });
    expect(ofKind(extended, 10000100)).toHaveLength(1);
    expect(rangeOf(extended).elements).toEqual([f.n1.id]);
  });

  it('events never hands out a gift wrap by id (the relay serves those to their recipient only)', async () => {
    const wrap = signEvent({ kind: 1059, created_at: NOW, tags: [['p', U.bob.pubkey]], content: 'sealed' }, U.dave.sk);
    expect((await ingestEvents(getStore(), [wrap], { source: 'import', now: NOW }))[0]).toMatchObject({
      ok: true,
      stored: true,
    });
    expect(await client.request('events', { event_ids: [wrap.id, f.n1.id] })).toEqual([
      expect.objectContaining({ id: f.n1.id }),
    ]);
    const extended = await client.request('events', { event_ids: [wrap.id], extended_response: true });
    expect(extended.some((e) => e.id === wrap.id)).toBe(false);
  });

  it('event_actions lists who liked or reposted, with their profiles', async () => {
    const likes = await client.request('event_actions', { event_id: f.n1.id, kind: 7, limit: 20 });
    expect(ofKind(likes, 7).map((e) => e.id)).toEqual([f.like.id]);
    expect(ofKind(likes, 0).map((e) => e.pubkey)).toEqual([U.viewer.pubkey]);
    const reposts = await client.request('event_actions', { event_id: f.n1.id, kind: 6 });
    expect(ofKind(reposts, 6).map((e) => e.id)).toEqual([f.repost.id]);
    await expect(client.request('event_actions', { event_id: f.n1.id })).rejects.toMatchObject({
      notice: 'invalid kind',
    });
  });

  it('note_mentions and note_mentions_count find the quote (hidden from a viewer who muted its author)', async () => {
    const quotes = await client.request('note_mentions', { event_id: f.n1.id, limit: 20, user_pubkey: U.bob.pubkey });
    expect(ofKind(quotes, 1).map((e) => e.id)).toEqual([f.quote.id]);
    expect(ofKind(quotes, 10000113)).toHaveLength(0);
    const muted = await client.request('note_mentions', { event_id: f.n1.id, user_pubkey: U.viewer.pubkey });
    expect(ofKind(muted, 1)).toEqual([]);
    const count = await client.request('note_mentions_count', { event_id: f.n1.id });
    expect(contentOf(count[0])).toEqual({ event_id: f.n1.id, count: 1 });
  });

  it('event_zaps_by_satszapped: biggest first, paged on amount with offset ties', async () => {
    const out = await client.request('event_zaps_by_satszapped', { event_id: f.n1.id, limit: 10 });
    expect(ofKind(out, 9735).map((e) => e.id)).toEqual([f.zap1.id, f.zap2.id]);
    expect(contentsOf<{ amount_sats: number; sender: string }>(out, 10000129)).toMatchObject([
      { amount_sats: 2100, sender: U.viewer.pubkey },
      { amount_sats: 500, sender: U.carol.pubkey },
    ]);
    expect(rangeOf(out)).toMatchObject({ since: 500, until: 2100, order_by: 'amount_sats' });
    const next = await client.request('event_zaps_by_satszapped', {
      event_id: f.n1.id,
      limit: 10,
      until: 2100,
      offset: 1,
    });
    expect(rangeOf(next).elements).toEqual([f.zap2.id]);
  });

  it('parametrized_replaceable_event(s): the article, raw or with the bundle', async () => {
    const args = { pubkey: U.bob.pubkey, kind: 30023, identifier: 'my-article' };
    const raw = await client.request('parametrized_replaceable_event', args);
    expect(raw.map((e) => e.id)).toEqual([f.article.id]);
    const ext = await client.request('parametrized_replaceable_event', { ...args, extended_response: true });
    expect(ofKind(ext, 10000144)).toHaveLength(1);
    const many = await client.request('parametrized_replaceable_events', {
      events: [args, { ...args, identifier: 'missing' }],
    });
    expect(many.map((e) => e.id)).toEqual([f.article.id]);
  });

  it('get_highlights and long_form_content_thread_view of the article', async () => {
    const args = { pubkey: U.bob.pubkey, kind: 30023, identifier: 'my-article' };
    const h = await client.request('get_highlights', args);
    expect(ofKind(h, 9802).map((e) => e.id)).toEqual([f.highlight.id]);
    expect(contentOf(ofKind(h, 10000151)[0])).toEqual({ 'The end of it.': [] });
    const thread = await client.request('long_form_content_thread_view', { ...args, limit: 100 });
    expect(rangeOf(thread).elements).toEqual([f.comment.id, f.article.id]);
  });

  it('drafts, articles_stats, top_article', async () => {
    const drafts = await client.request('drafts', { pubkey: U.viewer.pubkey, kind: 30023, limit: 20 });
    expect(ofKind(drafts, 31234).map((e) => e.id)).toEqual([f.draft.id]);
    const stats = await client.request('articles_stats', { pubkey: U.bob.pubkey });
    expect(contentOf(stats[0])).toEqual({ articles: 1, drafts: 0, satszapped: 0 });
    const top = await client.request('top_article', { pubkey: U.bob.pubkey, by: 'interactions' });
    expect(ofKind(top, 30023).map((e) => e.id)).toEqual([f.article.id]);
  });
});
