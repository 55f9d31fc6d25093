import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CacheKind } from '@tide/core/nostr';
import { describe, expect, it, vi } from 'vitest';
import { createTestAppData } from '../../data/test-app-data.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { LeaderboardList } from './leaderboard-list.tsx';
import { mergeLeaderboardPages, nextLeaderboardOffset } from './leaderboard-paging.ts';

const pk = (i: number) => i.toString(16).padStart(64, '0');
const entry = (i: number) => ({
  index: i,
  pubkey: pk(i),
  donated_btc: String((100 - i) / 1000),
  last_donation: 1_790_000_000 - i,
  premium_since: 1_780_000_000 - i,
});

/** The legends leaderboard answer of `entries`, with a profile for each (kind 0). */
function answer(entries: ReturnType<typeof entry>[]) {
  return [
    {
      id: `board${entries[0]?.index ?? 0}`,
      pubkey: '',
      created_at: 0,
      kind: CacheKind.LegendLeaderboard,
      tags: [],
      content: JSON.stringify(entries),
      sig: '',
    },
    ...entries.map((e) => ({
      id: `p${e.index}`.padEnd(64, '0'),
      pubkey: e.pubkey,
      created_at: 1,
      kind: 0,
      tags: [],
      content: JSON.stringify({ name: `legend${e.index}` }),
      sig: '',
    })),
  ];
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => entry(from + i));

describe('leaderboard paging', () => {
  it('loads the next 20 with the service offset, appends them without repeats, then stops', async () => {
    // 25 legends; the second page repeats #20 (who moved between the two requests): shown once
    const request = vi.fn(async (_command: string, payload?: Record<string, unknown>) =>
      payload?.offset === 20 ? answer([entry(20), ...range(21, 25)]) : answer(range(1, 20)),
    );
    const data = { ...createTestAppData(), commands: { request } };
    renderWithApp(<LeaderboardList kind="legends" sort="donated_btc" />, '/legends', data);
    const list = await screen.findByTestId('leaderboard');
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.calls[0]?.[0]).toBe('membership_legends_leaderboard');
    expect(request.mock.calls[0]?.[1]).toEqual({ order_by: 'donated_btc', limit: 20 });

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25));
    expect(request).toHaveBeenCalledTimes(2);
    expect(request.mock.calls[1]?.[1]).toEqual({ order_by: 'donated_btc', limit: 20, offset: 20 });
    const names = within(list)
      .getAllByRole('listitem')
      .map((li) => li.getAttribute('data-pubkey'));
    expect(names).toEqual(range(1, 25).map((e) => e.pubkey));
    expect(screen.getByText('legend25')).toBeTruthy();
    // a short page is the last: no Load more, and everyone is said to be shown
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('That is everyone.')).toBeTruthy();
    // each row carries the member badge (legends board: Legend)
    expect(within(list).getAllByTestId('member-badge')[0]?.getAttribute('data-tier')).toBe('premium-legend');
    data.dispose();
  });

  it('has no Load more when the first page is short', async () => {
    const request = vi.fn(async () => answer(range(1, 3)));
    const data = { ...createTestAppData(), commands: { request } };
    renderWithApp(<LeaderboardList kind="legends" sort="last_donation" />, '/legends', data);
    const list = await screen.findByTestId('leaderboard');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(request).toHaveBeenCalledWith(
      'membership_legends_leaderboard',
      { order_by: 'last_donation', limit: 20 },
      expect.anything(),
    );
    data.dispose();
  });

  it('pages by the entries asked for so far; merged pages keep each pubkey once, in order', () => {
    const page = (entries: ReturnType<typeof entry>[]) => ({
      entries: entries.map((e) => ({ ...e, donated_btc: Number(e.donated_btc) })),
      page: { users: {}, memberCohortInfo: {}, legendCustomization: {} },
    });
    expect(nextLeaderboardOffset([page(range(1, 20))])).toBe(20);
    expect(nextLeaderboardOffset([page(range(1, 20)), page(range(21, 40))])).toBe(40);
    expect(nextLeaderboardOffset([page(range(1, 20)), page(range(21, 25))])).toBeUndefined();
    expect(nextLeaderboardOffset([])).toBeUndefined();
    const merged = mergeLeaderboardPages([page(range(1, 20)), page([entry(19), ...range(21, 22)])]);
    expect(merged.map((e) => e.index)).toEqual([...range(1, 20), ...range(21, 22)].map((e) => e.index));
  });
});
