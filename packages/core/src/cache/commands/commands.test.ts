import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { CacheClient } from '../cache-client.ts';
import { startTestCacheServer, type TestCacheServer } from '../cache-test-server.ts';
import { WalletClient } from '../wallet-client.ts';
import { broadcastEvents, fetchMegaFeed, fetchThread, importEvents } from './content.ts';
import { fetchExploreZaps } from './explore.ts';
import {
  advancedSearchSpec,
  bookmarksSpec,
  dvmFeedSpec,
  fetchFeedBySpec,
  latestSpec,
  profileTabSpec,
  readsTopicSpec,
  userFeedSpec,
} from './feed-specs.ts';
import { subscribeLiveFeed } from './live.ts';
import { fetchLeaderboard, fetchMembershipStatus, isMembershipNameAvailable } from './membership.ts';
import { fetchDirectMessages, subscribeDmCount } from './messages.ts';
import { fetchAppSettings, fetchNotifications, subscribeNotificationCounts } from './notifications.ts';
import { advancedSearch, fetchUserRelays, searchContent } from './people.ts';

const id = (c: string) => c.repeat(64);
const note = (c: string, created_at: number) => ({
  kind: 1,
  id: id(c),
  pubkey: id('a'),
  created_at,
  tags: [],
  content: c,
  sig: 's',
});
const range = (elements: string[]) => ({
  kind: 10000113,
  content: JSON.stringify({ since: 100, until: 200, order_by: 'created_at', elements }),
});
const signed = { ...note('e', 1), kind: 30078 };

let server: TestCacheServer;
let client: CacheClient;
const payloads: Record<string, unknown> = {};
const subIds: Record<string, string> = {};

beforeEach(async () => {
  server = await startTestCacheServer();
  client = new CacheClient({ url: server.url, appId: 'web_test_3', WebSocket });
  server.setHandler((conn, command, payload, subId) => {
    payloads[command] = payload;
    subIds[command] = subId;
    conn.answer(subId, []);
  });
});

afterEach(async () => {
  client.disconnect();
  await server.close();
});

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe('cache commands', () => {
  it('fetchMegaFeed sends the spec and paging (zero bounds omitted) and returns an ordered page', async () => {
    server.setHandler((conn, command, payload, subId) => {
      payloads[command] = payload;
      conn.answer(subId, [note('1', 200), note('2', 100), range([id('2'), id('1')])]);
    });
    const page = await fetchMegaFeed(client, { spec: '{"id":"latest","kind":"notes"}', limit: 20, until: 0 });
    expect(payloads.mega_feed_directive).toEqual({ spec: '{"id":"latest","kind":"notes"}', limit: 20, offset: 0 });
    expect(page.notes.map((n) => n.content)).toEqual(['2', '1']);
  });

  it('thread, explore and DM fetches return an empty page on NOTICE', async () => {
    server.setHandler((conn, _c, _p, subId) => conn.notice(subId, 'invalid event id'));
    expect((await fetchThread(client, { event_id: id('1') })).notes).toEqual([]);
    expect((await fetchExploreZaps(client, { limit: 20 })).zaps).toEqual([]);
    expect((await fetchDirectMessages(client, { receiver: id('a'), sender: id('b') })).directMessages).toEqual([]);
    await expect(fetchMegaFeed(client, { spec: '{}', limit: 20 })).rejects.toThrow('invalid event id');
  });

  it("get_app_settings reads a user's stored settings event (30078) as well as the 10000103 default", async () => {
    server.setHandler((conn, _c, _p, subId) => conn.answer(subId, [{ ...signed, content: '{"theme":"ice"}' }]));
    expect(await fetchAppSettings(client, { event_from_user: signed })).toEqual({ theme: 'ice' });
    server.setHandler((conn, _c, _p, subId) => conn.answer(subId, [{ kind: 10000103, content: '{"theme":"sunset"}' }]));
    expect(await fetchAppSettings(client, { event_from_user: signed })).toEqual({ theme: 'sunset' });
  });

  it('import_events uses its purpose in the sub-id; broadcast_events needs a confirmation event', async () => {
    await importEvents(client, [signed]);
    expect(subIds.import_events.startsWith('import_event_')).toBe(true);
    expect(await broadcastEvents(client, { events: [signed], relays: ['wss://r.example'] })).toEqual({
      success: false,
      reason: 'No publish confirmation',
    });
    server.setHandler((conn, _c, _p, subId) => conn.answer(subId, [{ kind: 10000149, content: '{}' }]));
    expect((await broadcastEvents(client, { events: [signed], relays: [] })).success).toBe(true);
  });

  it('reads relay flags and escapes search queries', async () => {
    server.setHandler((conn, command, payload, subId) => {
      payloads[command] = payload;
      conn.answer(subId, [
        {
          kind: 10000139,
          tags: [
            ['r', 'wss://both.example'],
            ['r', 'wss://read.example', 'read'],
            ['r', 'wss://write.example', 'write'],
          ],
          content: '',
        },
      ]);
    });
    expect(await fetchUserRelays(client, { pubkey: id('a') })).toEqual({
      'wss://both.example': { read: true, write: true },
      'wss://read.example': { read: true, write: false },
      'wss://write.example': { read: false, write: true },
    });
    await searchContent(client, { query: '<b>hi</b>' });
    expect(payloads.search).toEqual({ query: '&lt;b&gt;hi&lt;/b&gt;', limit: 100 });
  });

  it('live counters: notification counts carry the sub-id and close with a third element', async () => {
    server.setHandler((conn, command, payload, subId) => {
      payloads[command] = payload;
      subIds[command] = subId;
      if (command === 'notification_counts') conn.event(subId, { kind: 10000112, pubkey: id('a'), '1': 2, '4': 3 });
      if (command === 'directmsg_count') conn.event(subId, { kind: 10000117, cnt: 7 });
    });
    const totals: number[] = [];
    const stop = subscribeNotificationCounts(client, id('a'), (c) => totals.push(c.total));
    const dms: number[] = [];
    const stopDms = subscribeDmCount(client, id('a'), (n) => dms.push(n));
    await waitFor(() => totals.length === 1 && dms.length === 1);
    expect(totals).toEqual([5]);
    expect(dms).toEqual([7]);
    expect(payloads.notification_counts).toEqual({
      pubkey: id('a'),
      subid: subIds.notification_counts,
      extended_types: true,
    });
    stop();
    stopDms();
    await waitFor(() => server.received.filter((m) => m[0] === 'CLOSE').length === 2);
    const closes = server.received.filter((m) => m[0] === 'CLOSE');
    expect(closes).toContainEqual([
      'CLOSE',
      subIds.notification_counts,
      { cache: ['notification_counts', { subid: subIds.notification_counts }] },
    ]);
    expect(closes).toContainEqual(['CLOSE', subIds.directmsg_count, { cache: ['directmsg_count'] }]);
  });

  it('advanced search wraps the query in an advsearch spec; older notifications default to 20', async () => {
    await advancedSearch(client, { query: 'bitcoin', users: true });
    expect(payloads.mega_feed_directive).toEqual({
      spec: '{"id":"advsearch","query":"kind:0 bitcoin"}',
      limit: 10,
      offset: 0,
    });
    await fetchNotifications(client, { pubkey: id('a'), type_group: 'zaps', until: 500 });
    expect(payloads.get_notifications).toEqual({
      pubkey: id('a'),
      type_group: 'zaps',
      until: 500,
      limit: 20,
      extended_types: true,
    });
    await fetchNotifications(client, { pubkey: id('a'), type_group: 'all', since: 400 });
    expect(payloads.get_notifications).toEqual({
      pubkey: id('a'),
      type_group: 'all',
      since: 400,
      limit: 100,
      extended_types: true,
    });
  });

  it('live stream feed: payload with kind 30311, CLOSE names the command', async () => {
    server.setHandler((conn, command, payload, subId) => {
      payloads[command] = payload;
      subIds[command] = subId;
      conn.event(subId, { kind: 1311, content: 'hi' });
    });
    const got: unknown[] = [];
    const stop = subscribeLiveFeed(client, { pubkey: id('a'), identifier: 'stream' }, (e) => got.push(e));
    await waitFor(() => got.length === 1);
    expect(payloads.live_feed).toEqual({ kind: 30311, pubkey: id('a'), identifier: 'stream' });
    stop();
    await waitFor(() => server.received.some((m) => m[0] === 'CLOSE'));
    expect(server.received.find((m) => m[0] === 'CLOSE')).toEqual([
      'CLOSE',
      subIds.live_feed,
      { cache: ['live_feed'] },
    ]);
  });

  it('builds feed specs with the reference key order and routes drafts specs to the drafts command', async () => {
    const pk = id('a');
    expect(latestSpec()).toBe('{"id":"latest","kind":"notes"}');
    expect(latestSpec(true)).toBe('{"id":"latest","include_replies":true,"kind":"notes"}');
    expect(userFeedSpec(pk)).toBe(`{"id":"feed","kind":"notes","pubkey":"${pk}"}`);
    expect(profileTabSpec(pk, 'reads')).toBe(
      `{"id":"feed","kind":"reads","notes":"authored","pubkey":"${pk}","minwords":0}`,
    );
    expect(profileTabSpec(pk, 'media')).toBe(
      `{"id":"feed","kind":"notes","notes":"user_media_thumbnails","pubkey":"${pk}"}`,
    );
    expect(bookmarksSpec(pk, 30023)).toBe(
      `{"id":"feed","kind":"notes","kinds":[30023],"notes":"bookmarks","pubkey":"${pk}"}`,
    );
    expect(readsTopicSpec('bitcoin')).toBe('{"kind":"reads","topic":"bitcoin"}');
    expect(advancedSearchSpec('kind:1 gm')).toBe('{"id":"advsearch","query":"kind:1 gm"}');
    expect(dvmFeedSpec({ dvm_id: 'd', dvm_pubkey: pk, kind: 'notes' })).toBe(
      `{"dvm_id":"d","dvm_pubkey":"${pk}","kind":"notes"}`,
    );
    expect(dvmFeedSpec({ primal_spec: '{"id":"x"}', dvm_id: 'd', dvm_pubkey: pk, kind: 'notes' })).toBe('{"id":"x"}');
    await fetchFeedBySpec(client, { spec: profileTabSpec(pk, 'drafts'), limit: 20, user_pubkey: pk });
    expect(payloads.drafts).toEqual({ kind: 30023, offset: 0, limit: 20, pubkey: pk });
    await fetchFeedBySpec(client, { spec: profileTabSpec(pk, 'notes'), limit: 20 });
    expect(payloads.mega_feed_directive).toEqual({ spec: profileTabSpec(pk, 'notes'), limit: 20, offset: 0 });
  });

  it('leaderboards parse their entries', async () => {
    server.setHandler((conn, command, payload, subId) => {
      payloads[command] = payload;
      conn.answer(subId, [
        { kind: 10000170, content: JSON.stringify([{ index: 1, pubkey: id('a'), donated_btc: '0.5' }]) },
      ]);
    });
    const { entries } = await fetchLeaderboard(client, 'legends', { order_by: 'donated_btc' });
    expect(payloads.membership_legends_leaderboard).toEqual({ order_by: 'donated_btc', limit: 20 });
    expect(entries[0].donated_btc).toBe(0.5);
  });
});

describe('membership commands on the wallet socket', () => {
  it('status without an answer is tier none; a NOTICE on name availability means unavailable', async () => {
    const wallet = new WalletClient({ url: server.url, WebSocket });
    await wallet.open();
    try {
      expect(await fetchMembershipStatus(wallet, { event_from_user: signed })).toEqual({ tier: 'none' });
      server.setHandler((conn, _c, _p, subId) => conn.notice(subId, 'name taken'));
      expect(await isMembershipNameAvailable(wallet, { name: 'alice' })).toBe(false);
      server.setHandler((conn, _c, _p, subId) => conn.answer(subId, [{ kind: 1, content: '{"available":true}' }]));
      expect(await isMembershipNameAvailable(wallet, { name: 'alice' })).toBe(true);
    } finally {
      wallet.close();
    }
  });
});
