import { expect, it } from 'vitest';
import { describeDialects } from '../../../test/dialects.ts';
import { contacts, T0, testUser } from '../../../test/fixtures/events.ts';
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
