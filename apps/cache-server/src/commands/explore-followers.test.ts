import type { CacheClient } from '@tide/core/cache';
import { type NostrEvent, signEvent } from '@tide/core/nostr';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { ingestEvents } from '../ingest/index.ts';
import type { RunningServer } from '../server.ts';
import { NOW } from './content-test-fixture.ts';
import { contentsOf, ofKind, openWire, rangeOf } from './content-wire.test-helper.ts';
import { type Fan, fan, fanContactLists } from './explore-test-fans.ts';

const H = 3600;
/** Authors with four and five followers; a viewer following both (fan 0). */
const four = fan(100);
const five = fan(101);
const viewer = fan(0);

function note(u: Fan, at: number, content: string): NostrEvent {
  return signEvent({ kind: 1, created_at: at, tags: [], content }, u.sk);
}

function like(u: Fan, target: NostrEvent, at: number): NostrEvent {
  const tags = [
    ['e', target.id],
    ['p', target.pubkey],
  ];
  return signEvent({ kind: 7, created_at: at, tags, content: '+' }, u.sk);
}

describeDialects('trending needs ≥ 5 followers', (getStore) => {
  let server: RunningServer;
  let client: CacheClient;
  // the four-follower author's note is liked more, so it would rank first without the rule
  const byFour = note(four, NOW - 2 * H, 'A well liked note by an author with four followers');
  const byFive = note(five, NOW - 3 * H, 'A note by an author with five followers');
  beforeAll(async () => {
    const events = [
      ...fanContactLists([four.pubkey, five.pubkey], 4, NOW - 10 * 86_400),
      signEvent({ kind: 3, created_at: NOW - 10 * 86_400, tags: [['p', five.pubkey]], content: '' }, fan(4).sk),
      byFour,
      byFive,
      ...[0, 1, 2, 3, 4, 5].map((i) => like(fan(i), byFour, NOW - H + i)),
      ...[0, 1].map((i) => like(fan(i), byFive, NOW - H + i)),
    ];
    const results = await ingestEvents(getStore(), events, { source: 'import', now: NOW });
    expect(results.filter((r) => !r.ok)).toEqual([]);
    ({ server, client } = await openWire(getStore()));
  });
  afterAll(async () => {
    client.disconnect();
    await server.close();
  });

  it('explore trending and popular (global and network scopes) leave out the four-follower author', async () => {
    for (const timeframe of ['trending', 'popular']) {
      for (const scope of ['global', 'network']) {
        const out = await client.request('explore', { timeframe, scope, limit: 20, user_pubkey: viewer.pubkey });
        expect(rangeOf(out).elements, `${timeframe} ${scope}`).toEqual([byFive.id]);
      }
    }
  });

  it('the follows scope is the viewer’s own choice and keeps both', async () => {
    const out = await client.request('explore', {
      timeframe: 'trending',
      scope: 'follows',
      limit: 20,
      user_pubkey: viewer.pubkey,
    });
    expect(rangeOf(out).elements).toEqual([byFour.id, byFive.id]);
  });

  it('the global-trending mega feed and the scored selectors keep the five-follower author only', async () => {
    const spec = JSON.stringify({ id: 'global-trending', kind: 'notes', hours: 24 });
    const feed = await client.request('mega_feed_directive', { spec, limit: 20 });
    expect(rangeOf(feed).elements).toEqual([byFive.id]);
    const scored = await client.request('scored', { selector: 'trending_24h' });
    expect(ofKind(scored, 1).map((e) => e.id)).toEqual([byFive.id]);
  });

  it('scored_users_24h lists the five-follower author only', async () => {
    const out = await client.request('scored_users_24h', {});
    expect(Object.keys(contentsOf<Record<string, number>>(out, 10000108)[0])).toEqual([five.pubkey]);
    expect(ofKind(out, 0)).toEqual([]);
  });
});
