import { describe, expect, it } from 'vitest';
import { EXPLORE_SCOPES, EXPLORE_TIMEFRAMES } from './explore-options.ts';
import { exploreFeedId, exploreParams, MOST_ZAPPED_4H_SECONDS, parseExploreFeedId } from './explore-queries.ts';

describe('exploreParams', () => {
  it('asks for mostzapped created in the last 4 hours for mostzapped4h', () => {
    expect(exploreParams('mostzapped4h', 'global', null, undefined, 100_000)).toEqual({
      timeframe: 'mostzapped',
      scope: 'global',
      limit: 20,
      created_after: 100_000 - MOST_ZAPPED_4H_SECONDS,
    });
    expect(MOST_ZAPPED_4H_SECONDS).toBe(14_400);
  });

  it('uses the network scope only with a viewer, and pages with until', () => {
    expect(exploreParams('trending', 'network', null, undefined).scope).toBe('global');
    expect(exploreParams('trending', 'network', 'pk', { until: 50, offset: 2 })).toEqual({
      timeframe: 'trending',
      scope: 'network',
      limit: 20,
      user_pubkey: 'pk',
      until: 50,
    });
  });
});

describe('explore feed ids', () => {
  it('round-trips every timeframe and scope', () => {
    for (const t of EXPLORE_TIMEFRAMES)
      for (const s of EXPLORE_SCOPES)
        expect(parseExploreFeedId(exploreFeedId(t, s))).toEqual({ timeframe: t, scope: s });
  });

  it('reads a bare timeframe as global and refuses unknown ids', () => {
    expect(parseExploreFeedId('trending')).toEqual({ timeframe: 'trending', scope: 'global' });
    expect(parseExploreFeedId('nonsense')).toBeUndefined();
    expect(parseExploreFeedId('trending_mars')).toBeUndefined();
  });
});
