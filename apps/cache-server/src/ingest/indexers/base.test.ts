import { expect, it } from 'vitest';
import { describeDialects } from '../../../test/dialects.ts';
import { ev, note, T0, testUser } from '../../../test/fixtures/events.ts';
import { userStatsOf } from '../../../test/fixtures/store-reads.ts';
import { ingestEvents } from '../ingest-events.ts';

const NOW = T0 + 3600;

describeDialects('base indexers', (getStore) => {
  it('stores the event, its single-letter tags and the relay it came from', async () => {
    const u = testUser('base-row');
    const n = note(u, 'tagged', [
      ['e', 'a'.repeat(64)],
      ['p', 'b'.repeat(64)],
      ['t', 'x'],
      ['client', 'tide'],
    ]);
    await ingestEvents(getStore(), [n], { now: NOW, relayUrl: 'wss://relay.example' });
    const row = await getStore().db.selectFrom('events').selectAll().where('id', '=', n.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.tags)).toEqual(n.tags);
    expect([row.content, row.sig, row.imported_at]).toEqual([n.content, n.sig, NOW]);
    const tags = await getStore()
      .db.selectFrom('event_tags')
      .select(['name', 'value'])
      .where('event_id', '=', n.id)
      .orderBy('name')
      .execute();
    expect(tags.map((t) => t.name)).toEqual(['e', 'p', 't']);
    const relay = await getStore().db.selectFrom('event_relays').selectAll().where('event_id', '=', n.id).execute();
    expect(relay).toEqual([{ event_id: n.id, relay_url: 'wss://relay.example' }]);
    const known = await getStore()
      .db.selectFrom('known_relays')
      .selectAll()
      .where('url', '=', 'wss://relay.example')
      .execute();
    expect(known).toEqual([{ url: 'wss://relay.example', last_seen_at: NOW }]);
  });

  it('lists posts per author with the root-marker reply rule and keeps user counters', async () => {
    const u = testUser('base-posts');
    const top = note(u, 'top https://img.example/cat.png', [], T0 + 5);
    const positional = note(u, 'positional reply', [['e', top.id]], T0 + 6);
    const marked = note(u, 'marked reply', [['e', top.id, '', 'root']], T0 + 7);
    const rp = ev(u, 6, '', [['e', top.id]], T0 + 1);
    await ingestEvents(getStore(), [top, positional, marked, rp], { now: NOW });
    const rows = await getStore()
      .db.selectFrom('pubkey_events')
      .select(['event_id', 'is_reply', 'has_media', 'kind'])
      .where('pubkey', '=', u.pubkey)
      .orderBy('created_at')
      .execute();
    expect(rows).toEqual([
      { event_id: rp.id, is_reply: 0, has_media: 0, kind: 6 },
      { event_id: top.id, is_reply: 0, has_media: 1, kind: 1 },
      { event_id: positional.id, is_reply: 0, has_media: 0, kind: 1 },
      { event_id: marked.id, is_reply: 1, has_media: 0, kind: 1 },
    ]);
    const s = await userStatsOf(getStore(), u.pubkey);
    expect([s?.note_count, s?.reply_count, s?.media_count, s?.time_joined]).toEqual([3, 1, 1, T0 + 1]);
  });

  it('indexes content for search, hashtags, URLs and mentions', async () => {
    const u = testUser('base-content');
    const n = note(u, 'Sailing #Boats today https://sea.example/page and https://sea.example/wave.mp4', [
      ['q', 'c'.repeat(64)],
    ]);
    await ingestEvents(getStore(), [n], { now: NOW });
    const db = getStore().db;
    expect(await db.selectFrom('search_notes').select('content').where('event_id', '=', n.id).execute()).toEqual([
      { content: n.content },
    ]);
    expect(await db.selectFrom('event_hashtags').select('hashtag').where('event_id', '=', n.id).execute()).toEqual([
      { hashtag: 'boats' },
    ]);
    expect(await db.selectFrom('event_media').select('url').where('event_id', '=', n.id).execute()).toEqual([
      { url: 'https://sea.example/wave.mp4' },
    ]);
    expect(await db.selectFrom('event_links').select('url').where('event_id', '=', n.id).execute()).toEqual([
      { url: 'https://sea.example/page' },
    ]);
    expect(
      await db.selectFrom('event_mentions').select(['tag', 'target']).where('event_id', '=', n.id).execute(),
    ).toEqual([{ tag: 'e', target: 'c'.repeat(64) }]);
  });

  it('keeps net stats and first sight of pubkeys', async () => {
    const before = await getStore().db.selectFrom('net_stats').selectAll().execute();
    const get = (rows: typeof before, k: string) => rows.find((r) => r.key === k)?.value ?? 0;
    const u = testUser('base-net');
    await ingestEvents(
      getStore(),
      [note(u, 'a', [], T0 + 1), note(u, 'b', [], T0 + 2), ev(u, 7, '+', [['e', 'd'.repeat(64)]])],
      { now: NOW },
    );
    const after = await getStore().db.selectFrom('net_stats').selectAll().execute();
    expect(get(after, 'any') - get(before, 'any')).toBe(3);
    expect(get(after, 'pubnotes') - get(before, 'pubnotes')).toBe(2);
    expect(get(after, 'reactions') - get(before, 'reactions')).toBe(1);
    expect(get(after, 'pubkeys') - get(before, 'pubkeys')).toBe(1);
    expect((await userStatsOf(getStore(), u.pubkey))?.first_seen_at).toBe(NOW);
  });

  it('keeps time_joined at the earliest post across batches', async () => {
    const u = testUser('base-joined');
    const joined = async () => (await userStatsOf(getStore(), u.pubkey))?.time_joined;
    await ingestEvents(getStore(), [note(u, 'middle', [], T0 + 50)], { now: NOW });
    expect(await joined()).toBe(T0 + 50);
    await ingestEvents(getStore(), [note(u, 'earlier', [], T0 + 10)], { now: NOW });
    expect(await joined()).toBe(T0 + 10);
    await ingestEvents(getStore(), [note(u, 'later', [], T0 + 100)], { now: NOW });
    expect(await joined()).toBe(T0 + 10);
  });
});
