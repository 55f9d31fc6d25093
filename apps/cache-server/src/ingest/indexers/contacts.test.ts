import { expect, it } from 'vitest';
import { describeDialects } from '../../../test/dialects.ts';
import { contacts, ev, profile, T0, testUser } from '../../../test/fixtures/events.ts';
import { userStatsOf } from '../../../test/fixtures/store-reads.ts';
import { ingestEvents } from '../ingest-events.ts';

const NOW = T0 + 3600;

describeDialects('contact list indexer', (getStore) => {
  const followers = async (pubkey: string) =>
    (
      await getStore()
        .db.selectFrom('pubkey_followers')
        .select('follower_pubkey')
        .where('pubkey', '=', pubkey)
        .execute()
    ).map((r) => r.follower_pubkey);

  it('diffs follows between versions and keeps counts in step', async () => {
    const [alice, bob, carol, dave] = ['cl-alice', 'cl-bob', 'cl-carol', 'cl-dave'].map(testUser);
    await ingestEvents(getStore(), [contacts(alice, [bob, carol])], { now: NOW });
    expect(await followers(bob.pubkey)).toEqual([alice.pubkey]);
    expect((await userStatsOf(getStore(), alice.pubkey))?.follows_count).toBe(2);
    expect((await userStatsOf(getStore(), carol.pubkey))?.followers_count).toBe(1);

    await ingestEvents(getStore(), [contacts(alice, [carol, dave], T0 + 10)], { now: NOW });
    expect(await followers(bob.pubkey)).toEqual([]);
    expect(await followers(dave.pubkey)).toEqual([alice.pubkey]);
    expect((await userStatsOf(getStore(), bob.pubkey))?.followers_count).toBe(0);
    expect((await userStatsOf(getStore(), carol.pubkey))?.followers_count).toBe(1);
    expect((await userStatsOf(getStore(), dave.pubkey))?.followers_count).toBe(1);
  });

  it('ignores an older contact list', async () => {
    const [erin, frank, gina] = ['cl-erin', 'cl-frank', 'cl-gina'].map(testUser);
    await ingestEvents(getStore(), [contacts(erin, [frank], T0 + 100)], { now: NOW });
    const [r] = await ingestEvents(getStore(), [contacts(erin, [gina], T0 + 50)], { now: NOW });
    expect(r).toMatchObject({ ok: true, stored: false, reason: 'duplicate: have a newer version of this event' });
    expect(await followers(gina.pubkey)).toEqual([]);
    expect(await followers(frank.pubkey)).toEqual([erin.pubkey]);
  });

  it("replaces several authors' contact lists of one batch together (follows dropped, kept and added)", async () => {
    const [a, b, c, x, y, z] = ['cg-a', 'cg-b', 'cg-c', 'cg-x', 'cg-y', 'cg-z'].map(testUser);
    await ingestEvents(getStore(), [contacts(a, [x, y]), contacts(b, [x, z]), contacts(c, [y])], { now: NOW });
    await ingestEvents(
      getStore(),
      [contacts(a, [y, z], T0 + 10), contacts(b, [], T0 + 10), contacts(c, [x, y, z], T0 + 10)],
      { now: NOW },
    );
    expect((await followers(x.pubkey)).sort()).toEqual([c.pubkey]);
    expect((await followers(y.pubkey)).sort()).toEqual([a.pubkey, c.pubkey].sort());
    expect((await followers(z.pubkey)).sort()).toEqual([a.pubkey, c.pubkey].sort());
    const counts = await Promise.all([x, y, z, a, b, c].map((u) => userStatsOf(getStore(), u.pubkey)));
    expect(counts.slice(0, 3).map((s) => s?.followers_count)).toEqual([1, 2, 2]);
    expect(counts.slice(3).map((s) => s?.follows_count)).toEqual([2, 0, 3]);
  });

  it('prefers a kind-10002 list of the same batch over legacy relays in kind-3 content', async () => {
    const ivy = testUser('cl-ivy');
    const content = JSON.stringify({ 'wss://legacy.example': { read: true, write: true } });
    await ingestEvents(getStore(), [contacts(ivy, [], T0, content), ev(ivy, 10002, '', [['r', 'wss://new.example']])], {
      now: NOW,
    });
    const relays = await getStore()
      .db.selectFrom('user_relays')
      .select('url')
      .where('pubkey', '=', ivy.pubkey)
      .execute();
    expect(relays.map((r) => r.url)).toEqual(['wss://new.example']);
    expect((await userStatsOf(getStore(), ivy.pubkey))?.relay_count).toBe(1);
  });

  it('takes relays from legacy kind-3 content when there is no kind 10002', async () => {
    const hank = testUser('cl-hank');
    const content = JSON.stringify({
      'wss://a.example': { read: true, write: true },
      'wss://b.example/': { read: true, write: false },
    });
    await ingestEvents(getStore(), [contacts(hank, [], T0, content)], { now: NOW });
    const relays = await getStore()
      .db.selectFrom('user_relays')
      .selectAll()
      .where('pubkey', '=', hank.pubkey)
      .orderBy('url')
      .execute();
    expect(relays.map((r) => [r.url, r.read, r.write])).toEqual([
      ['wss://a.example', 1, 1],
      ['wss://b.example', 1, 0],
    ]);
    expect((await userStatsOf(getStore(), hank.pubkey))?.relay_count).toBe(2);
  });
});

describeDialects('net_stats users', (getStore) => {
  const users = async () =>
    (await getStore().db.selectFrom('net_stats').select('value').where('key', '=', 'users').executeTakeFirst())
      ?.value ?? 0;

  it('counts pubkeys with a profile and a non-empty contact list, in either order', async () => {
    const [a, b, c] = ['nu-a', 'nu-b', 'nu-c'].map(testUser);
    const start = await users();
    await ingestEvents(getStore(), [profile(a, { name: 'a' }), contacts(a, [b])], { now: NOW });
    expect(await users()).toBe(start + 1);
    await ingestEvents(getStore(), [contacts(b, [a])], { now: NOW });
    expect(await users()).toBe(start + 1);
    await ingestEvents(getStore(), [profile(b, { name: 'b' })], { now: NOW });
    expect(await users()).toBe(start + 2);
    await ingestEvents(getStore(), [profile(b, { name: 'b2' }, T0 + 5), contacts(c, [])], { now: NOW });
    expect(await users()).toBe(start + 2);
    await ingestEvents(getStore(), [contacts(a, [], T0 + 9)], { now: NOW });
    expect(await users()).toBe(start + 1);
  });
});
