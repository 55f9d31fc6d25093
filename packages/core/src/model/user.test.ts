import { describe, expect, it, vi } from 'vitest';
import type { Logger } from './logger.ts';
import { hex, profile, synthetic } from './test-fixtures.ts';
import { emptyUser, parseUser, parseUserStats } from './user.ts';

const alice = hex('a');

describe('parseUser', () => {
  it('reads the metadata fields and encodes the npub', () => {
    const user = parseUser(
      profile(alice, { name: 'alice', displayName: 'Alice A', about: 'hi', lud16: 'alice@ln.example', nip05: 'a@x' }),
    );
    expect(user.name).toBe('alice');
    expect(user.displayName).toBe('Alice A');
    expect(user.about).toBe('hi');
    expect(user.lud16).toBe('alice@ln.example');
    expect(user.npub).toMatch(/^npub1[0-9a-z]{58}$/);
    expect(user.msg?.kind).toBe(0);
  });

  it('falls back to display_name when displayName is empty', () => {
    expect(parseUser(profile(alice, { displayName: '', display_name: 'Ali' })).displayName).toBe('Ali');
    expect(parseUser(profile(alice, { display_name: 'Ali' })).displayName).toBe('Ali');
  });

  it('logs invalid metadata JSON and treats it as empty', () => {
    const warn = vi.fn();
    const logger: Logger = { debug: () => {}, warn, error: () => {} };
    const user = parseUser(profile(alice, '{not json'), logger);
    expect(warn).toHaveBeenCalledOnce();
    expect(user.name).toBe('');
    expect(user.pubkey).toBe(alice);
  });
});

describe('emptyUser', () => {
  it('has blank fields for a missing profile', () => {
    const user = emptyUser(alice);
    expect([user.name, user.displayName, user.picture, user.about, user.nip05, user.lud16]).toEqual([
      '',
      '',
      '',
      '',
      '',
      '',
    ]);
    expect(user.npub.startsWith('npub1')).toBe(true);
    expect(emptyUser('not-hex').npub).toBe('');
  });
});

describe('parseUserStats', () => {
  it('reads the counters and the follower increase', () => {
    const stats = parseUserStats(
      synthetic(10000105, {
        pubkey: alice,
        follows_count: 3,
        followers_count: 7,
        note_count: 9,
        followers_increase: { increase: 2, ratio: 0.5, count: 7 },
      }),
    );
    expect(stats?.followers_count).toBe(7);
    expect(stats?.reply_count).toBe(0);
    expect(stats?.followers_increase).toEqual({ increase: 2, ratio: 0.5, count: 7 });
    expect(parseUserStats(synthetic(10000105, { follows_count: 1 }))).toBeUndefined();
  });
});
