import { expect, it } from 'vitest';
import { describeDialects } from '../../../test/dialects.ts';
import { ev, T0, testUser } from '../../../test/fixtures/events.ts';
import { userStatsOf } from '../../../test/fixtures/store-reads.ts';
import { ingestEvents } from '../ingest-events.ts';

const NOW = T0 + 3600;

describeDialects('list, relay, DM and article indexers', (getStore) => {
  const ingest = (events: Parameters<typeof ingestEvents>[1]) => ingestEvents(getStore(), events, { now: NOW });

  it('explodes mute, allow and bookmark lists into ordered items', async () => {
    const u = testUser('li-user');
    const P = 'a'.repeat(64);
    const E = 'b'.repeat(64);
    await ingest([
      ev(u, 10000, '', [
        ['p', P],
        ['t', 'nsfw'],
        ['word', 'spoiler'],
        ['e', E],
      ]),
      ev(u, 30000, '', [
        ['d', 'allowlist'],
        ['p', P],
      ]),
      ev(u, 10003, '', [
        ['e', E],
        ['a', `30023:${P}:x`],
      ]),
    ]);
    const items = await getStore()
      .db.selectFrom('list_items')
      .select(['kind', 'identifier', 'position', 'tag', 'value'])
      .where('pubkey', '=', u.pubkey)
      .orderBy('kind')
      .orderBy('position')
      .execute();
    expect(items).toEqual([
      { kind: 10000, identifier: '', position: 0, tag: 'p', value: P },
      { kind: 10000, identifier: '', position: 1, tag: 't', value: 'nsfw' },
      { kind: 10000, identifier: '', position: 2, tag: 'word', value: 'spoiler' },
      { kind: 10000, identifier: '', position: 3, tag: 'e', value: E },
      { kind: 10003, identifier: '', position: 0, tag: 'e', value: E },
      { kind: 10003, identifier: '', position: 1, tag: 'a', value: `30023:${P}:x` },
      { kind: 30000, identifier: 'allowlist', position: 0, tag: 'p', value: P },
    ]);
  });

  it('rewrites the lists, relays and article topics of several authors in one batch', async () => {
    const [a, b] = ['bt-a', 'bt-b'].map(testUser);
    const [P, Q, R] = ['c', 'd', 'f'].map((ch) => ch.repeat(64));
    const article = (u: typeof a, topic: string, at: number) =>
      ev(
        u,
        30023,
        'w',
        [
          ['d', 'x'],
          ['t', topic],
        ],
        at,
      );
    const relays = (u: typeof a, url: string, at: number) => ev(u, 10002, '', [['r', url]], at);
    await ingest([
      ev(a, 10000, '', [['p', P]]),
      ev(a, 10003, '', [['e', P]]),
      ev(b, 10000, '', [['p', Q]]),
      relays(a, 'wss://a1.example', T0),
      relays(b, 'wss://b1.example', T0),
      article(a, 'old-a', T0),
      article(b, 'old-b', T0),
    ]);
    await ingest([
      ev(a, 10000, '', [['p', Q]], T0 + 5),
      ev(b, 10000, '', [['p', R]], T0 + 5),
      ev(
        a,
        10003,
        '',
        [
          ['e', P],
          ['e', R],
        ],
        T0 + 5,
      ),
      relays(a, 'wss://a2.example', T0 + 5),
      relays(b, 'wss://b2.example', T0 + 5),
      article(a, 'new-a', T0 + 5),
      article(b, 'new-b', T0 + 5),
    ]);
    const db = getStore().db;
    const of = async (u: typeof a) => ({
      items: (
        await db
          .selectFrom('list_items')
          .select(['kind', 'value'])
          .where('pubkey', '=', u.pubkey)
          .orderBy('kind')
          .orderBy('position')
          .execute()
      ).map((r) => `${r.kind}:${r.value.slice(0, 1)}`),
      relays: (await db.selectFrom('user_relays').select('url').where('pubkey', '=', u.pubkey).execute()).map(
        (r) => r.url,
      ),
      topics: (await db.selectFrom('reads_topics').select('topic').where('pubkey', '=', u.pubkey).execute()).map(
        (r) => r.topic,
      ),
    });
    expect(await of(a)).toEqual({
      items: ['10000:d', '10003:c', '10003:f'],
      relays: ['wss://a2.example'],
      topics: ['new-a'],
    });
    expect(await of(b)).toEqual({ items: ['10000:f'], relays: ['wss://b2.example'], topics: ['new-b'] });
  });

  it('stores kind-10002 relays with read/write markers', async () => {
    const u = testUser('li-relays');
    await ingest([
      ev(u, 10002, '', [
        ['r', 'wss://both.example/'],
        ['r', 'wss://read.example', 'read'],
        ['r', 'wss://w.example', 'write'],
        ['r', 'https://not-a-relay'],
      ]),
    ]);
    const rows = await getStore()
      .db.selectFrom('user_relays')
      .selectAll()
      .where('pubkey', '=', u.pubkey)
      .orderBy('url')
      .execute();
    expect(rows.map((r) => [r.url, r.read, r.write])).toEqual([
      ['wss://both.example', 1, 1],
      ['wss://read.example', 1, 0],
      ['wss://w.example', 0, 1],
    ]);
    expect((await userStatsOf(getStore(), u.pubkey))?.relay_count).toBe(3);
  });

  it('counts unread DMs per sender and in total, tracking the latest message', async () => {
    const me = testUser('dm-me');
    const a = testUser('dm-a');
    const b = testUser('dm-b');
    const m1 = ev(a, 4, 'x?iv=y', [['p', me.pubkey]], T0 + 1);
    const m2 = ev(a, 4, 'x?iv=y', [['p', me.pubkey]], T0 + 5);
    const m3 = ev(b, 4, 'x?iv=y', [['p', me.pubkey]], T0 + 3);
    await ingest([m2, m1]);
    await ingest([m3]);
    const rows = await getStore()
      .db.selectFrom('direct_message_counts')
      .selectAll()
      .where('receiver', '=', me.pubkey)
      .orderBy('sender')
      .execute();
    const bySender = Object.fromEntries(rows.map((r) => [r.sender, [r.cnt, r.latest_at, r.latest_event_id]]));
    expect(bySender['']).toEqual([3, T0 + 5, m2.id]);
    expect(bySender[a.pubkey]).toEqual([2, T0 + 5, m2.id]);
    expect(bySender[b.pubkey]).toEqual([1, T0 + 3, m3.id]);
    const msgs = await getStore()
      .db.selectFrom('direct_messages')
      .select('event_id')
      .where('receiver', '=', me.pubkey)
      .execute();
    expect(msgs).toHaveLength(3);
  });

  it('keeps one reads row per article with topics, words and every version', async () => {
    const w = testUser('rd-writer');
    const v1 = ev(
      w,
      30023,
      'one two three',
      [
        ['d', 'essay'],
        ['title', 'Essay'],
        ['t', 'Deep Thoughts'],
        ['published_at', String(T0 - 100)],
      ],
      T0,
    );
    const v2 = ev(
      w,
      30023,
      'one two three four five',
      [
        ['d', 'essay'],
        ['title', 'Essay v2'],
        ['summary', 'S'],
        ['t', 'nostr'],
      ],
      T0 + 10,
    );
    await ingest([v1]);
    await ingest([v2]);
    const row = await getStore()
      .db.selectFrom('reads')
      .selectAll()
      .where('pubkey', '=', w.pubkey)
      .executeTakeFirstOrThrow();
    expect([row.identifier, row.title, row.summary, row.words, row.latest_event_id, row.topics]).toEqual([
      'essay',
      'Essay v2',
      'S',
      5,
      v2.id,
      'nostr',
    ]);
    const versions = await getStore()
      .db.selectFrom('reads_versions')
      .select('event_id')
      .where('pubkey', '=', w.pubkey)
      .execute();
    expect(versions.map((v) => v.event_id).sort()).toEqual([v1.id, v2.id].sort());
    const topics = await getStore()
      .db.selectFrom('reads_topics')
      .select('topic')
      .where('pubkey', '=', w.pubkey)
      .execute();
    expect(topics).toEqual([{ topic: 'nostr' }]);
    expect((await userStatsOf(getStore(), w.pubkey))?.long_form_note_count).toBe(1);
  });
});
