import type { CacheClient } from '@tide/core/cache';
import type { CacheEvent } from '@tide/core/nostr';
import { beforeAll, expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { saveMember } from '../membership/index.ts';
import { NOW, U } from './content-test-fixture.ts';
import { contentsOf, ofKind, useFixtureWire } from './content-wire.test-helper.ts';
import { addFans } from './explore-test-fans.ts';

// The user lists that build their answers themselves (not from the bundle's user extras or user_infos) carry the
// members' facts too: trending (`scored`, precomputed), scored_users_24h, get_suggested_users, user_search.
describeDialects('membership facts in user lists', (getStore) => {
  let client: CacheClient;
  useFixtureWire(getStore, (wire) => {
    ({ client } = wire);
  });
  const wall = Math.floor(Date.now() / 1000);
  const base = { premium_since: wall - 10, donated_sats: 1, last_donation: wall - 10 };
  const style = { style: 'AQUA', custom_badge: true, avatar_glow: true, in_leaderboard: true };
  beforeAll(async () => {
    await addFans(getStore(), [U.bob.pubkey, U.carol.pubkey, U.dave.pubkey], 5, NOW - 10 * 86_400, NOW);
    await saveMember(getStore(), {
      ...base,
      pubkey: U.bob.pubkey,
      name: 'bobby',
      tier: 'premium',
      // active by the wall clock (user extras) and by the fixture server's clock (NOW, later) alike
      expires_on: Math.max(wall, NOW) + 86_400,
      customization: '',
    });
    await saveMember(getStore(), {
      ...base,
      pubkey: U.carol.pubkey,
      name: 'caro',
      tier: 'premium-legend',
      expires_on: 0,
      customization: JSON.stringify(style),
    });
  });

  /** The members an answer's 10000169 names, and its 10000168 customizations. */
  const facts = (out: CacheEvent[]) => ({
    cohorts: Object.keys(contentsOf<Record<string, unknown>>(out, 10000169)[0] ?? {}).sort(),
    legends: contentsOf<Record<string, unknown>>(out, 10000168)[0] ?? {},
    names: contentsOf<Record<string, string>>(out, 10000158)[0] ?? {},
  });
  /** Of `members`, those whose kind 0 the answer carries (the facts are about them only). */
  const shown = (out: CacheEvent[], members: string[]) =>
    members.filter((pk) => ofKind(out, 0).some((e) => e.pubkey === pk)).sort();

  it('trending, scored users and suggested users carry the cohorts and legend styles of members shown', async () => {
    const answers = {
      scored: await client.request('scored', { selector: 'trending_24h' }),
      scoredUsers: await client.request('scored_users_24h', {}),
      suggested: await client.request('get_suggested_users'),
    };
    for (const [name, out] of Object.entries(answers)) {
      const members = shown(out, [U.bob.pubkey, U.carol.pubkey]);
      expect(members.length, name).toBeGreaterThan(0);
      const seen = facts(out);
      expect(seen.cohorts, name).toEqual(members);
      if (members.includes(U.carol.pubkey)) {
        expect(seen.legends, name).toEqual({ [U.carol.pubkey]: style });
        expect(seen.names[U.carol.pubkey], name).toBe('caro');
      }
      if (members.includes(U.bob.pubkey)) expect(seen.names[U.bob.pubkey], name).toBe('bobby');
    }
  });

  it("trending's names and facts are those of now, not of its precomputation (refreshed every 600 s)", async () => {
    await saveMember(getStore(), {
      ...base,
      pubkey: U.carol.pubkey,
      name: 'carolina',
      tier: 'premium-legend',
      expires_on: 0,
      customization: JSON.stringify({ ...style, style: 'SUNFIRE' }),
    });
    // the answer cache may serve the answer made before for up to its after-change bound (1 s)
    const deadline = Date.now() + 1500;
    let seen = facts(await client.request('scored', { selector: 'trending_24h' }));
    while (seen.names[U.carol.pubkey] !== 'carolina' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      seen = facts(await client.request('scored', { selector: 'trending_24h' }));
    }
    expect(seen.names[U.carol.pubkey]).toBe('carolina');
    expect(seen.legends[U.carol.pubkey]).toMatchObject({ style: 'SUNFIRE' });
  });

  it('user_search carries them for members found, nothing for others', async () => {
    const found = await client.request('user_search', { query: 'carol', limit: 10 });
    expect(shown(found, [U.carol.pubkey])).toEqual([U.carol.pubkey]);
    expect(facts(found).cohorts).toEqual([U.carol.pubkey]);
    const others = await client.request('user_search', { query: 'dave', limit: 10 });
    expect(ofKind(others, 0).length).toBeGreaterThan(0);
    expect(others.some((e) => e.kind === 10000169 || e.kind === 10000168)).toBe(false);
  });
});
