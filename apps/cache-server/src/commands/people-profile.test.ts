import { expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { ev, profile, T0, testUser } from '../../test/fixtures/events.ts';
import { ingestEvents } from '../ingest/ingest-events.ts';
import { userProfile } from './people-profile.ts';
import { testContext } from './people-test-fixtures.ts';

const NOW = T0 + 86_400;

describeDialects('user_profile reads', (getStore) => {
  const known = testUser('profile-known');
  const fan = testUser('profile-fan');
  const blocked = testUser('profile-blocked');
  const nobody = testUser('profile-nobody');

  it('answers kind 0, stats, the default verified name and nothing for hard-blocked users', async () => {
    const store = getStore();
    await ingestEvents(
      store,
      [
        profile(known, { name: 'known' }),
        profile(fan, { name: 'fan' }),
        profile(blocked, { name: 'blocked' }),
        ev(fan, 3, '', [['p', known.pubkey]], T0 + 10),
        ev(known, 1, 'a note', [], T0 + 20),
      ],
      { now: NOW },
    );
    await store.db
      .insertInto('verified_users')
      .values([
        { name: 'zz-other', pubkey: known.pubkey, default_name: 0, added_at: 1 },
        { name: 'known', pubkey: known.pubkey, default_name: 1, added_at: 1 },
        { name: 'aa-other', pubkey: known.pubkey, default_name: 0, added_at: 1 },
      ])
      .execute();
    await store.db
      .insertInto('filter_list')
      .values({ target: blocked.pubkey, target_type: 'pubkey', grp: 'csam', blocked: 1, added_at: 0, comment: '' })
      .execute();
    const ctx = testContext(store, NOW);
    const out = await userProfile(ctx, { pubkey: known.pubkey });
    expect(out.filter((e) => e.kind === 0).map((e) => e.pubkey)).toEqual([known.pubkey]);
    const stats = JSON.parse(String(out.find((e) => e.kind === 10000105)?.content));
    expect(stats).toMatchObject({ pubkey: known.pubkey, followers_count: 1, note_count: 1, follows_count: 0 });
    expect(JSON.parse(String(out.find((e) => e.kind === 10000158)?.content))).toEqual({ [known.pubkey]: 'known' });
    expect(await userProfile(ctx, { pubkey: blocked.pubkey })).toEqual([]);
    // an unknown user: zero stats, nothing else
    const none = await userProfile(ctx, { pubkey: nobody.pubkey });
    expect(none.map((e) => e.kind)).toEqual([10000105]);
    expect(JSON.parse(String(none[0].content))).toMatchObject({ followers_count: 0, time_joined: null });
  });
});
