import { describe, expect, it } from 'vitest';
import { newerCursor, olderCursor, parseFeedRange } from './paging.ts';
import { feedRange } from './test-fixtures.ts';

describe('parseFeedRange', () => {
  it('reads since, until, sort key and elements; an empty result has no bounds', () => {
    expect(parseFeedRange(feedRange(['b', 'a'], 10, 20, 'satszapped'))).toEqual({
      since: 10,
      until: 20,
      sortBy: 'satszapped',
      elements: ['b', 'a'],
    });
    expect(parseFeedRange({ kind: 10000113, content: '{"order_by":"created_at","elements":[]}' })).toEqual({
      sortBy: 'created_at',
      elements: [],
    });
  });
});

describe('olderCursor', () => {
  it('counts the loaded items tied at the boundary', () => {
    expect(olderCursor([50, 40, 30, 30, 30])).toEqual({ until: 30, offset: 3 });
    expect(olderCursor([50, 40, 30], 30)).toEqual({ until: 30, offset: 1 });
    expect(olderCursor([50, 40, 31], 30)).toEqual({ until: 30, offset: 0 });
    expect(olderCursor([])).toBeUndefined();
  });
});

describe('newerCursor', () => {
  it('starts at the newest value and skips the loaded items tied at it', () => {
    expect(newerCursor([50, 50, 40], 50)).toEqual({ since: 50, offset: 2 });
    expect(newerCursor([60, 40])).toEqual({ since: 60, offset: 1 });
    expect(newerCursor([])).toBeUndefined();
  });
});
