import { CacheClient, CacheNoticeError } from '@tide/core/cache';
import type { CacheEvent } from '@tide/core/nostr';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { describeDialects } from '../../test/dialects.ts';
import { type RunningServer, startServer } from '../server.ts';
import {
  NOW,
  putEvent,
  putFollow,
  putListItem,
  putProfile,
  putStats,
  sign,
  signedRequest,
  testUser,
} from './people-test-fixtures.ts';

const alice = testUser(51);
const bob = testUser(52);

/** Waits until `check` passes (polling), or fails after `ms`. */
async function eventually(check: () => void, ms = 20_000): Promise<void> {
  const start = Date.now();
  for (;;) {
    try {
      check();
      return;
    } catch (err) {
      if (Date.now() - start > ms) throw err;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

describeDialects('people commands on the wire', (getStore) => {
  let server: RunningServer;
  let client: CacheClient;
  beforeAll(async () => {
    const store = getStore();
    await putProfile(store, alice, 'alice');
    await putProfile(store, bob, 'bob');
    await putStats(store, alice.pk, { followers_count: 1, note_count: 3 });
    await putFollow(store, bob.pk, alice.pk);
    await putEvent(store, sign(bob, 3, '', [['p', alice.pk]]));
    server = await startServer({ store, now: () => NOW });
    client = new CacheClient({ url: server.url, WebSocket: WebSocket as never });
  });
  afterAll(async () => {
    client?.disconnect();
    await server?.close();
  });

  it('user_profile answers kind 0 and 10000105 through the zlib-negotiated client', async () => {
    const events = await client.request('user_profile', { pubkey: alice.pk, user_pubkey: bob.pk });
    expect(events.map((e) => e.kind)).toEqual([0, 10000105]);
    expect(JSON.parse(events[1].content as string)).toMatchObject({
      pubkey: alice.pk,
      followers_count: 1,
      note_count: 3,
    });
  });

  it('contact_list and is_user_following answer on the wire', async () => {
    const contacts = await client.request('contact_list', { pubkey: bob.pk, extended_response: true });
    expect(contacts.map((e) => e.kind)).toEqual([3, 0, 10000108, 10000133]);
    const following = await client.request('is_user_following', { pubkey: bob.pk, user_pubkey: alice.pk });
    expect(following).toEqual([{ kind: 10000125, content: 'true' }]);
  });

  it('bad payloads get a NOTICE with a clear reason', async () => {
    await expect(client.request('user_profile', { pubkey: 'nope' })).rejects.toThrow(CacheNoticeError);
    await expect(client.request('user_profile', { pubkey: 'nope' })).rejects.toThrow(/invalid pubkey/);
    await expect(client.request('user_infos', { pubkeys: 'x' })).rejects.toThrow(/invalid pubkeys/);
  });

  it('signed requests are refused for wrong kind, bad signature and stale created_at', async () => {
    const wrongKind = signedRequest(alice, { description: 'Sync app settings' }, NOW, 1);
    await expect(client.request('get_app_settings', { event_from_user: wrongKind })).rejects.toThrow(
      /event_from_user must be kind 30078, got 1/,
    );
    const good = signedRequest(alice, { description: 'Sync app settings' });
    const other = signedRequest(alice, { description: 'other' });
    await expect(client.request('get_app_settings', { event_from_user: { ...good, sig: other.sig } })).rejects.toThrow(
      /event_from_user signature is invalid/,
    );
    const stale = signedRequest(alice, { description: 'Sync app settings' }, NOW - 301);
    await expect(client.request('set_app_settings', { settings_event: stale })).rejects.toThrow(
      /settings_event created_at must be within 5 minutes of now/,
    );
    const [settings] = await client.request('get_app_settings', { event_from_user: good });
    expect(settings.kind).toBe(10000103);
  });

  it('get_default_app_settings and get_app_releases answer without a payload check', async () => {
    const [defaults] = await client.request('get_default_app_settings', { client: 'Primal-Web App' });
    expect(JSON.parse(defaults.content as string).zapDefault).toEqual({ amount: 42, message: 'Onward' });
    const [releases] = await client.request('get_app_releases');
    expect(releases.kind).toBe(10000138);
  });

  it('notification_counts pushes 10000112 after EOSE and again when the counters change', async () => {
    const store = getStore();
    await store.db.insertInto('notification_counts').values({ pubkey: alice.pk, type: 4, cnt: 2 }).execute();
    const pushes: CacheEvent[] = [];
    const stop = client.subscribe('notification_counts', { pubkey: alice.pk }, (e) => pushes.push(e), {
      closeExtra: (subId) => ({ cache: ['notification_counts', { subid: subId }] }),
    });
    await eventually(() => expect(pushes).toHaveLength(1));
    expect(pushes[0]).toMatchObject({ kind: 10000112, pubkey: alice.pk, '4': 2, '1': 0 });
    await client.request('set_notifications_seen', { event_from_user: signedRequest(alice, { description: 'seen' }) });
    await eventually(() => expect(pushes).toHaveLength(2));
    expect(pushes[1]).toMatchObject({ kind: 10000112, '4': 0 });
    const [seen] = await client.request('get_notifications_seen', { pubkey: alice.pk });
    expect(seen).toEqual({ kind: 10000111, content: String(NOW) });
    stop();
  });

  it('directmsg_count pushes cnt and drops to 0 after reset_directmsg_counts', async () => {
    const store = getStore();
    await store.db
      .insertInto('direct_message_counts')
      .values({ receiver: bob.pk, sender: '', cnt: 4, latest_at: NOW, latest_event_id: '' })
      .execute();
    const pushes: CacheEvent[] = [];
    const stop = client.subscribe('directmsg_count', { pubkey: bob.pk }, (e) => pushes.push(e));
    await eventually(() => expect(pushes).toEqual([{ kind: 10000117, cnt: 4 }]));
    await client.request('reset_directmsg_counts', {
      event_from_user: signedRequest(bob, { description: 'all read' }),
    });
    await eventually(
      () =>
        expect(pushes).toEqual([
          { kind: 10000117, cnt: 4 },
          { kind: 10000117, cnt: 0 },
        ]),
      3000,
    );
    stop();
  });
  it('user_profile falls back to the user_pubkey the connection sent first (protocol §1.6)', async () => {
    await putListItem(getStore(), bob.pk, 10000, '', 'p', alice.pk);
    // written behind the server's back: tell it what ingest's change set for bob's new mute list would
    server.notifier.changesApplied({ events: [], pubkeys: [bob.pk], media: false, all: false, keys: [`p:${bob.pk}`] });
    const fresh = new CacheClient({ url: server.url, WebSocket: WebSocket as never });
    try {
      await fresh.request('user_infos', { pubkeys: [bob.pk], user_pubkey: bob.pk });
      const out = await fresh.request('user_profile', { pubkey: alice.pk });
      expect(out.find((e) => e.kind === 10000131)?.content).toBe(JSON.stringify({ action: 'block', pubkey: alice.pk }));
    } finally {
      fresh.disconnect();
    }
  });
});
