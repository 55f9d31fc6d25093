import type { CacheClient } from '@tide/core/cache';
import { CacheKind, type NostrEvent, signEvent } from '@tide/core/nostr';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Fixture, type FixtureUser, loadFixture, NOW, U } from '../src/commands/content-test-fixture.ts';
import { contentOf, newClient, ofKind, openWire } from '../src/commands/content-wire.test-helper.ts';
import { addFans } from '../src/commands/explore-test-fans.ts';
import { ingestEvents } from '../src/ingest/index.ts';
import type { RunningServer } from '../src/server.ts';
import { describeDialects } from './dialects.ts';

/*
 * Payload fields of spec §7 commands that the audit found ignored, each shown to change the answer over the wire.
 */

const H = 3600;

function sign(u: FixtureUser, kind: number, at: number, tags: string[][], content: string): NostrEvent {
  return signEvent({ kind, created_at: at, tags, content }, u.sk);
}

describeDialects('spec §7 payload fields that change answers', (getStore) => {
  let server: RunningServer;
  let client: CacheClient;
  /** A connection that never sends a user_pubkey (the server remembers the first one a connection sends). */
  let guest: CacheClient;
  let f: Fixture;
  let daveHighlight: NostrEvent;
  let replyToHighlight: NostrEvent;
  let viewerLike: NostrEvent;
  beforeAll(async () => {
    f = await loadFixture(getStore());
    const article = `30023:${U.bob.pubkey}:my-article`;
    daveHighlight = sign(U.dave, 9802, NOW - 17 * H, [['a', article]], 'My article');
    replyToHighlight = sign(U.bob, 1, NOW - 16 * H, [['e', f.highlight.id, '', 'root']], 'Glad you liked it');
    viewerLike = sign(U.viewer, 7, NOW - 15 * H, [['e', replyToHighlight.id]], '+');
    const extra = [
      daveHighlight,
      replyToHighlight,
      viewerLike,
      sign(U.carol, 7, NOW - 30 * 60, [['e', f.dvm.id]], '+'),
      sign(U.carol, 7, NOW - 30 * 60, [['e', f.n5.id]], '+'),
      sign(U.bob, 10000, NOW - 20 * H, [['p', U.carol.pubkey]], ''),
    ];
    const results = await ingestEvents(getStore(), extra, {
      source: 'import',
      now: NOW,
    });
    expect(results.filter((r) => !r.ok)).toEqual([]);
    await addFans(getStore(), [U.dave.pubkey, U.bob.pubkey], 5, NOW - 10 * 86_400, NOW); // scored users need ≥ 5 followers
    ({ server, client } = await openWire(getStore()));
    guest = newClient(server);
  });
  afterAll(async () => {
    client.disconnect();
    guest.disconnect();
    await server.close();
  });

  it('get_highlights: user_pubkey hides highlights of muted authors and adds the viewer actions on replies', async () => {
    const request = { pubkey: U.bob.pubkey, identifier: 'my-article', kind: 30023 };
    const answer = await guest.request('get_highlights', request);
    expect(ofKind(answer, 9802).map((e) => e.id)).toEqual([daveHighlight.id, f.highlight.id]);
    expect(ofKind(answer, 1).map((e) => e.id)).toEqual([replyToHighlight.id]);
    expect(ofKind(answer, CacheKind.NoteActions)).toEqual([]);

    const viewer = await client.request('get_highlights', { ...request, user_pubkey: U.viewer.pubkey });
    expect(ofKind(viewer, 9802).map((e) => e.id)).toEqual([f.highlight.id]);
    expect(contentOf(ofKind(viewer, CacheKind.HighlightGroups)[0])).toEqual({ 'The end of it.': [] });
    const actions = ofKind(viewer, CacheKind.NoteActions).map((e) => contentOf(e));
    expect(actions).toContainEqual(expect.objectContaining({ event_id: replyToHighlight.id, liked: true }));
    expect(ofKind(viewer, CacheKind.FeedRange)).toEqual([]);
  });

  it('event_zaps_by_satszapped: user_pubkey leaves out zaps from senders the viewer muted', async () => {
    const request = { event_id: f.n1.id, limit: 10, offset: 0 };
    const answer = await guest.request('event_zaps_by_satszapped', request);
    expect(ofKind(answer, 9735).map((e) => e.id)).toEqual([f.zap1.id, f.zap2.id]);
    const bob = await client.request('event_zaps_by_satszapped', { ...request, user_pubkey: U.bob.pubkey });
    expect(ofKind(bob, 9735).map((e) => e.id)).toEqual([f.zap1.id]);
    expect(contentOf(ofKind(bob, CacheKind.FeedRange)[0]).elements).toEqual([f.zap1.id]);
  });

  it('scored_users_24h: user_pubkey leaves out users the viewer muted', async () => {
    const scoresOf = async (c: CacheClient, payload: Record<string, unknown>) =>
      Object.keys(contentOf(ofKind(await c.request('scored_users_24h', payload), CacheKind.UserScore)[0]));
    expect(await scoresOf(guest, {})).toContain(U.dave.pubkey);
    const viewer = await scoresOf(client, { user_pubkey: U.viewer.pubkey });
    expect(viewer).not.toContain(U.dave.pubkey);
    expect(viewer).toContain(U.bob.pubkey);
  });

  it('get_featured_dvm_feeds: user_pubkey adds 10000156, which of the viewer follows liked the feed', async () => {
    const answer = await guest.request('get_featured_dvm_feeds', { kind: 'notes' });
    expect(ofKind(answer, CacheKind.DvmFollowsActions)).toEqual([]);
    const viewer = await client.request('get_featured_dvm_feeds', { kind: 'notes', user_pubkey: U.viewer.pubkey });
    expect(ofKind(viewer, CacheKind.DvmFollowsActions).map((e) => contentOf(e))).toEqual([
      { event_id: f.dvm.id, dvm_pubkey: U.bob.pubkey, dvm_id: 'bob-feed', dvm_kind: 'notes', users: [U.carol.pubkey] },
    ]);
    const info = await client.request('dvm_feed_info', {
      identifier: 'bob-feed',
      pubkey: U.bob.pubkey,
      user_pubkey: U.viewer.pubkey,
    });
    expect(ofKind(info, CacheKind.DvmFollowsActions)).toHaveLength(1);
  });
});
