import { describe, expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { CommandError } from './context.ts';
import { contactList, userFollowers, userInfosCommand, userProfileFollowedBy } from './people-follows.ts';
import { isUserFollowing, userProfile } from './people-profile.ts';
import {
  contentOf,
  putEvent,
  putFollow,
  putListItem,
  putProfile,
  putStats,
  sign,
  testContext,
  testUser,
} from './people-test-fixtures.ts';

const alice = testUser(1);
const bob = testUser(2);
const carol = testUser(3);
const dave = testUser(4);

describeDialects('people follow commands', (getStore) => {
  it('sets up a small network', async () => {
    const store = getStore();
    await putProfile(store, alice, 'alice');
    await putProfile(store, bob, 'bob');
    await putProfile(store, carol, 'carol');
    await putStats(store, alice.pk, {
      followers_count: 2,
      follows_count: 2,
      note_count: 7,
      time_joined: 1_700_000_000,
    });
    await putStats(store, bob.pk, { followers_count: 1 });
    await putStats(store, carol.pk, { followers_count: 5 });
    await putEvent(
      store,
      sign(alice, 3, '', [
        ['p', bob.pk],
        ['p', carol.pk],
        ['p', 'nothex'],
      ]),
    );
    await putFollow(store, alice.pk, bob.pk);
    await putFollow(store, alice.pk, carol.pk);
    await putFollow(store, bob.pk, alice.pk);
    await putFollow(store, carol.pk, alice.pk);
    await putFollow(store, dave.pk, carol.pk);
  });

  it('user_infos answers kind 0 in order plus 10000108/10000133 follower counts', async () => {
    const out = await userInfosCommand(testContext(getStore()), { pubkeys: [carol.pk, alice.pk, dave.pk] });
    expect(out.filter((e) => e.kind === 0).map((e) => e.pubkey)).toEqual([carol.pk, alice.pk]);
    expect(contentOf(out, 10000108)).toEqual({ [carol.pk]: 5, [alice.pk]: 2 });
    expect(contentOf(out, 10000133)).toEqual({ [carol.pk]: 5, [alice.pk]: 2 });
  });

  it("user_infos ends with the users' kind-10063 Blossom server lists", async () => {
    const list = sign(carol, 10063, '', [['server', 'https://blossom.example']]);
    await putEvent(getStore(), list);
    const out = await userInfosCommand(testContext(getStore()), { pubkeys: [carol.pk, alice.pk] });
    expect(out.at(-1)).toMatchObject({ id: list.id, kind: 10063, pubkey: carol.pk });
    expect(out.filter((e) => e.kind === 10063)).toHaveLength(1);
  });

  it('user_infos refuses a malformed pubkey list', async () => {
    await expect(userInfosCommand(testContext(getStore()), { pubkeys: ['xyz'] })).rejects.toThrow(
      new CommandError('invalid pubkeys'),
    );
  });

  it('contact_list answers the kind 3 then user_infos of the follows; plain without extended_response', async () => {
    const ctx = testContext(getStore());
    const out = await contactList(ctx, { pubkey: alice.pk, extended_response: true });
    expect(out[0].kind).toBe(3);
    expect(out.filter((e) => e.kind === 0).map((e) => e.pubkey)).toEqual([bob.pk, carol.pk]);
    const plain = await contactList(ctx, { pubkey: alice.pk, extended_response: false });
    expect(plain.map((e) => e.kind)).toEqual([3]);
    expect(await contactList(ctx, { pubkey: dave.pk })).toEqual([]);
  });

  it('user_followers lists followed-back users first, then by follower count', async () => {
    const store = getStore();
    const erin = testUser(5);
    const frank = testUser(6);
    await putProfile(store, erin, 'erin');
    await putProfile(store, frank, 'frank');
    await putStats(store, erin.pk, { followers_count: 50 });
    await putStats(store, frank.pk, { followers_count: 10 });
    await putFollow(store, frank.pk, carol.pk);
    await putFollow(store, erin.pk, carol.pk);
    const out = await userFollowers(testContext(store), { pubkey: carol.pk });
    // alice is followed back by carol; then erin (50 followers) before frank (10); dave has no kind 0.
    expect(out.filter((e) => e.kind === 0).map((e) => e.pubkey)).toEqual([alice.pk, erin.pk, frank.pk]);
    const limited = await userFollowers(testContext(store), { pubkey: carol.pk, limit: 2 });
    expect(limited.filter((e) => e.kind === 0).map((e) => e.pubkey)).toEqual([alice.pk, erin.pk]);
  });

  it('user_profile_followed_by answers the viewer follows who follow the profile', async () => {
    const out = await userProfileFollowedBy(testContext(getStore()), { pubkey: alice.pk, user_pubkey: alice.pk });
    expect(out.filter((e) => e.kind === 0).map((e) => e.pubkey)).toEqual([carol.pk, bob.pk]);
  });

  it('is_user_following answers true/false from the contact graph', async () => {
    const ctx = testContext(getStore());
    expect(await isUserFollowing(ctx, { pubkey: alice.pk, user_pubkey: bob.pk })).toEqual([
      { kind: 10000125, content: 'true' },
    ]);
    expect(await isUserFollowing(ctx, { pubkey: dave.pk, user_pubkey: alice.pk })).toEqual([
      { kind: 10000125, content: 'false' },
    ]);
  });

  it('user_profile answers kind 0 and 10000105 stats; zeros for an unknown user', async () => {
    const ctx = testContext(getStore());
    const out = await userProfile(ctx, { pubkey: alice.pk });
    expect(out.map((e) => e.kind)).toEqual([0, 10000105]);
    expect(contentOf(out, 10000105)).toMatchObject({
      pubkey: alice.pk,
      followers_count: 2,
      follows_count: 2,
      note_count: 7,
      time_joined: 1_700_000_000,
    });
    const unknown = await userProfile(ctx, { pubkey: dave.pk });
    expect(unknown.map((e) => e.kind)).toEqual([10000105]);
    expect(contentOf(unknown, 10000105)).toMatchObject({ followers_count: 0, time_joined: null });
  });

  it('user_profile adds a 10000131 block reason when the viewer muted the user', async () => {
    const store = getStore();
    await putListItem(store, bob.pk, 10000, '', 'p', carol.pk);
    const out = await userProfile(testContext(store), { pubkey: carol.pk, user_pubkey: bob.pk });
    expect(contentOf(out, 10000131)).toEqual({ action: 'block', pubkey: carol.pk });
    const other = await userProfile(testContext(store), { pubkey: carol.pk, user_pubkey: alice.pk });
    expect(other.some((e) => e.kind === 10000131)).toBe(false);
  });

  it('user_profile answers nothing for a csam/impersonation-listed user', async () => {
    const store = getStore();
    await store.db
      .insertInto('filter_list')
      .values({ target: dave.pk, target_type: 'pubkey', grp: 'impersonation', blocked: 1, added_at: 0, comment: '' })
      .execute();
    expect(await userProfile(testContext(store), { pubkey: dave.pk })).toEqual([]);
  });
});

describe('payload validation', () => {
  it('needs a hex pubkey', async () => {
    await expect(userProfile(testContext({} as never), { pubkey: 'abc' })).rejects.toThrow('invalid pubkey');
  });
});
