import { expect, it } from 'vitest';
import { statementsOf } from '../../test/count-statements.ts';
import { describeDialects } from '../../test/dialects.ts';
import { enableReadCache } from '../read-cache/read-cache.ts';
import { userExtras } from './bundle-users.ts';
import { loadFixture, U } from './content-test-fixture.ts';

describeDialects('bundle users', (getStore, dialect) => {
  const stranger = 'f'.repeat(64);
  const users = [U.viewer.pubkey, U.bob.pubkey, U.carol.pubkey, U.dave.pubkey, stranger];

  it('reads kind 0s, follower counts and verified names alike with and without the read cache', async () => {
    const store = getStore();
    await loadFixture(store);
    // several names for bob: the default one is his (whatever order the store returns them in); carol has one
    await store.db
      .insertInto('verified_users')
      .values([
        { name: 'zed', pubkey: U.bob.pubkey, default_name: 0, added_at: 1 },
        { name: 'bob', pubkey: U.bob.pubkey, default_name: 1, added_at: 1 },
        { name: 'aaa', pubkey: U.bob.pubkey, default_name: 0, added_at: 1 },
        { name: 'carol', pubkey: U.carol.pubkey, default_name: 0, added_at: 1 },
      ])
      .execute();
    const plain = await userExtras(store, users);
    const names = plain.find((e) => e.kind === 10000158);
    expect(JSON.parse(String(names?.content))).toEqual({ [U.bob.pubkey]: 'bob', [U.carol.pubkey]: 'carol' });
    expect(plain.filter((e) => e.kind === 0).map((e) => e.pubkey)).toEqual(
      users.filter((pk) => pk !== stranger).sort(),
    );

    expect(plain.filter((e) => e.kind === 10000119).length).toBeGreaterThan(0); // the profiles' pictures
    const stop = enableReadCache(store);
    try {
      let again: unknown;
      // PostgreSQL reads the three pieces and the profiles' media in one statement; SQLite in four
      expect(await statementsOf(store, async () => expect(await userExtras(store, users)).toEqual(plain))).toBe(
        dialect === 'postgres' ? 1 : 4,
      );
      // all from the read cache, verified names too
      expect(await statementsOf(store, async () => (again = await userExtras(store, users)))).toBe(0);
      expect(again).toEqual(plain);
    } finally {
      stop();
    }
  });
});
