import { expect, it } from 'vitest';
import { statementsOf } from '../../test/count-statements.ts';
import { describeDialects } from '../../test/dialects.ts';
import { saveMember } from '../membership/index.ts';
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

  it("carry the members' facts among the users, from the verified-names statement, cached and exact", async () => {
    const store = getStore();
    await loadFixture(store);
    const now = 1_900_000_000;
    const base = { premium_since: now - 1000, donated_sats: 21_000, last_donation: now - 500, customization: '' };
    // bob: premium until now + 100 with a verified name too (his premium name wins); carol: a styled legend; dave:
    // lapsed; the viewer: never a member
    await store.db
      .insertInto('verified_users')
      .values({ name: 'bobby', pubkey: U.bob.pubkey, default_name: 1, added_at: 1 })
      .execute();
    await saveMember(store, { ...base, pubkey: U.bob.pubkey, name: 'bob', tier: 'premium', expires_on: now + 100 });
    const style = { style: 'PURPLE', custom_badge: true, avatar_glow: true, in_leaderboard: true };
    await saveMember(store, {
      ...base,
      pubkey: U.carol.pubkey,
      name: 'carol',
      tier: 'premium-legend',
      expires_on: 0,
      customization: JSON.stringify(style),
    });
    await saveMember(store, { ...base, pubkey: U.dave.pubkey, name: 'dave', tier: 'premium', expires_on: now - 1 });
    const facts = (events: Array<{ kind: number; content?: string }>) =>
      Object.fromEntries(
        events
          .filter((e) => e.kind >= 10000158 && e.kind <= 10000169)
          .map((e) => [e.kind, JSON.parse(String(e.content))]),
      );
    const plain = await userExtras(store, users, now);
    const seen = facts(plain);
    expect(seen[10000158]).toEqual({ [U.bob.pubkey]: 'bob', [U.carol.pubkey]: 'carol' });
    expect(Object.keys(seen[10000169]).sort()).toEqual([U.bob.pubkey, U.carol.pubkey].sort());
    expect(seen[10000169][U.bob.pubkey]).toMatchObject({ tier: 'premium', cohort_1: 'Premium', expires_on: now + 100 });
    expect(seen[10000169][U.carol.pubkey]).toMatchObject({ tier: 'premium-legend', cohort_1: 'Legend' });
    expect(seen[10000168]).toEqual({ [U.carol.pubkey]: style });
    // after all posts: names, legend customization, cohorts
    expect(plain.map((e) => e.kind).slice(-3)).toEqual([10000158, 10000168, 10000169]);
    // nothing for users none of whom is an active member
    const none = await userExtras(store, [U.viewer.pubkey, U.dave.pubkey], now);
    expect(none.some((e) => e.kind === 10000169 || e.kind === 10000168 || e.kind === 10000158)).toBe(false);

    const stop = enableReadCache(store);
    try {
      // as many statements as without members: PostgreSQL one, SQLite four (names and members in one of them)
      expect(await statementsOf(store, async () => expect(await userExtras(store, users, now)).toEqual(plain))).toBe(
        dialect === 'postgres' ? 1 : 4,
      );
      let later: Awaited<ReturnType<typeof userExtras>> = [];
      expect(await statementsOf(store, async () => expect(await userExtras(store, users, now)).toEqual(plain))).toBe(0);
      // expiry is evaluated at answer time: bob's cached row stops showing once his premium ends
      expect(await statementsOf(store, async () => (later = await userExtras(store, users, now + 101)))).toBe(0);
      expect(Object.keys(facts(later)[10000169])).toEqual([U.carol.pubkey]);
      expect(facts(later)[10000158]).toEqual({ [U.bob.pubkey]: 'bobby', [U.carol.pubkey]: 'carol' });
      // a purchase (the service's saveMember) shows in the next answer: the cached row went at once
      await saveMember(store, { ...base, pubkey: U.viewer.pubkey, name: 'vee', tier: 'premium', expires_on: now + 50 });
      const bought = facts(await userExtras(store, users, now));
      expect(Object.keys(bought[10000169]).sort()).toEqual([U.viewer.pubkey, U.bob.pubkey, U.carol.pubkey].sort());
      expect(bought[10000158][U.viewer.pubkey]).toBe('vee');
      // and a legend's new style too
      await saveMember(store, {
        ...base,
        pubkey: U.carol.pubkey,
        name: 'carol',
        tier: 'premium-legend',
        expires_on: 0,
        customization: JSON.stringify({ ...style, style: 'TEAL', avatar_glow: false }),
      });
      const styled = facts(await userExtras(store, users, now));
      expect(styled[10000168][U.carol.pubkey]).toMatchObject({ style: 'TEAL', avatar_glow: false });
    } finally {
      stop();
    }
  });
});
