import { CacheClient } from '@tide/core/cache';
import type { CacheEvent } from '@tide/core/nostr';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { describeDialects } from '../../test/dialects.ts';
import { type RunningServer, startServer } from '../server.ts';
import { sign, signedRequest, testUser } from './people-test-fixtures.ts';

const alice = testUser(71);
const bob = testUser(72);

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

const nowSeconds = () => Math.floor(Date.now() / 1000);

describeDialects('live counters end to end (real ingest)', (getStore) => {
  let server: RunningServer;
  let client: CacheClient;
  beforeAll(async () => {
    server = await startServer({ store: getStore() });
    client = new CacheClient({ url: server.url, WebSocket: WebSocket as never });
  });
  afterAll(async () => {
    client?.disconnect();
    await server?.close();
  });

  it('a reaction to a user note reaches their notification_counts subscription', async () => {
    const t = nowSeconds();
    // Storing app settings makes alice eligible for notifications (semantics §5.2).
    await client.request('get_app_settings', { event_from_user: signedRequest(alice, { description: 'Sync' }, t) });
    const profileA = sign(alice, 0, JSON.stringify({ name: 'alice' }), [], t - 20);
    const profileB = sign(bob, 0, JSON.stringify({ name: 'bob' }), [], t - 20);
    const note = sign(alice, 1, 'hello tide', [], t - 10);
    await client.request('import_events', { events: [profileA, profileB, note] });

    const pushes: CacheEvent[] = [];
    const stop = client.subscribe('notification_counts', { pubkey: alice.pk }, (e) => pushes.push(e));
    await eventually(() => expect(pushes.length).toBeGreaterThanOrEqual(1));
    expect(pushes[0]).toMatchObject({ kind: 10000112, pubkey: alice.pk, '4': 0 });

    const like = sign(
      bob,
      7,
      '+',
      [
        ['e', note.id],
        ['p', alice.pk],
      ],
      t - 5,
    );
    await client.request('import_events', { events: [like] });
    await eventually(() => expect(pushes.at(-1)).toMatchObject({ kind: 10000112, '4': 1 }));
    stop();

    const list = await client.request('get_notifications', { pubkey: alice.pk, limit: 100, type_group: 'all' });
    const notifications = list.filter((e) => e.kind === 10000110).map((e) => JSON.parse(e.content as string));
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({ type: 4, your_post: note.id, who_liked_it: bob.pk, pubkey: alice.pk });
    expect(list.some((e) => e.kind === 1 && e.id === note.id)).toBe(true);
    expect(list.some((e) => e.kind === 0 && e.pubkey === bob.pk)).toBe(true);
  });

  it('a direct message reaches directmsg_count and the contacts list; reset clears it', async () => {
    const t = nowSeconds();
    const pushes: CacheEvent[] = [];
    const stop = client.subscribe('directmsg_count', { pubkey: alice.pk }, (e) => pushes.push(e));
    await eventually(() => expect(pushes).toEqual([{ kind: 10000117, cnt: 0 }]));
    const dm = sign(bob, 4, 'c2VjcmV0?iv=aXY=', [['p', alice.pk]], t - 1);
    await client.request('import_events', { events: [dm] });
    await eventually(() => expect(pushes.at(-1)).toEqual({ kind: 10000117, cnt: 1 }));

    const contacts = await client.request('get_directmsg_contacts', { user_pubkey: alice.pk, relation: 'any' });
    const map = JSON.parse(contacts.find((e) => e.kind === 10000118)?.content as string);
    expect(map[bob.pk]).toMatchObject({ cnt: 1, latest_event_id: dm.id });
    const messages = await client.request('get_directmsgs', { receiver: alice.pk, sender: bob.pk, limit: 20 });
    expect(messages.filter((e) => e.kind === 4).map((e) => e.id)).toEqual([dm.id]);

    const reset = signedRequest(alice, { description: `reset messages from '${bob.pk}'` }, nowSeconds());
    await client.request('reset_directmsg_count', { event_from_user: reset, sender: bob.pk });
    await eventually(() => expect(pushes.at(-1)).toEqual({ kind: 10000117, cnt: 0 }));
    stop();
  });
});
