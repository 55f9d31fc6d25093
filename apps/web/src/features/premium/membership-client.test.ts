import { describe, expect, it } from 'vitest';
import { membershipUrl, parseMemberStatus } from './membership-client.ts';

describe('membership status', () => {
  it('keeps when a lapsed membership ended and its name; drops malformed fields', () => {
    expect(
      parseMemberStatus({
        tier: 'none',
        name: 'oldname',
        expired_on: 1_790_000_000,
        used_storage: 'lots',
      } as unknown as Parameters<typeof parseMemberStatus>[0]),
    ).toEqual({ tier: 'none', name: 'oldname', expired_on: 1_790_000_000 });
    expect(
      parseMemberStatus({
        tier: 'premium-legend',
        name: 'me',
        premium_relay: 'ws://host/premium',
        expires_on: 0,
      } as unknown as Parameters<typeof parseMemberStatus>[0]),
    ).toEqual({ tier: 'premium-legend', name: 'me', premium_relay: 'ws://host/premium' });
    expect(parseMemberStatus({ tier: 'gold' } as unknown as Parameters<typeof parseMemberStatus>[0]).tier).toBe('none');
  });

  it('talks to the membership socket on the caching service host', () => {
    expect(membershipUrl('wss://cache.example.com/v1')).toBe('wss://cache.example.com/wallet/v1');
  });
});
