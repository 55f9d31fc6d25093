import type { CommandClient } from '@tide/core/cache';
import { type CacheEvent, CacheKind } from '@tide/core/nostr';
import { afterEach, describe, expect, it } from 'vitest';
import { memberFactsClient } from './member-facts-client.ts';
import { memberInfoOf, rememberMember } from './member-info.ts';

const A = 'd'.repeat(64);
const B = 'e'.repeat(64);

afterEach(() => {
  rememberMember(A, null);
  rememberMember(B, null);
});

describe('memberFactsClient', () => {
  it('remembers the cohort info and legend customization of any answer before the caller sees it', async () => {
    const answer: CacheEvent[] = [
      { kind: 1, id: 'n', pubkey: A, content: 'hi', tags: [], created_at: 1, sig: '' } as CacheEvent,
      {
        kind: CacheKind.MembershipCohortInfo,
        content: JSON.stringify({
          [A]: { cohort_1: 'Premium', cohort_2: 'Premium', tier: 'premium', expires_on: 2e9 },
        }),
      },
      {
        kind: CacheKind.LegendCustomization,
        content: JSON.stringify({ [B]: { style: 'SILVER', custom_badge: false, avatar_glow: true } }),
      },
    ];
    let seenByCaller: string | undefined = 'not asked';
    const client = memberFactsClient({ request: async () => answer } satisfies CommandClient);
    const events = await client.request('feed', {}).then((received) => {
      seenByCaller = memberInfoOf(A)?.tier;
      return received;
    });
    expect(events).toBe(answer);
    expect(seenByCaller).toBe('premium');
    expect(memberInfoOf(B)).toEqual({ tier: 'premium-legend', style: 'SILVER', customBadge: false, avatarGlow: true });
  });

  it('an answer without facts changes nothing', async () => {
    rememberMember(A, { tier: 'premium' });
    const client = memberFactsClient({ request: async () => [] });
    await client.request('feed', {});
    expect(memberInfoOf(A)?.tier).toBe('premium');
  });
});
