import { expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { leaderboardEntries } from './leaderboards.ts';
import { saveMember } from './member-store.ts';

const NOW = 1_800_000_000;
const pk = (i: number) => i.toString(16).padStart(64, '0');

describeDialects('leaderboard paging', (getStore) => {
  it('pages of 20 follow each other without gap or repeat, unlisted legends left out', async () => {
    // 45 legends, donations 45..1 (pk(1) gave most); pk(3) and pk(30) chose not to be listed
    for (let i = 1; i <= 45; i += 1) {
      await saveMember(getStore(), {
        pubkey: pk(i),
        name: `legend${i}`,
        tier: 'premium-legend',
        expires_on: 0,
        premium_since: NOW - i,
        donated_sats: (46 - i) * 100_000_000,
        last_donation: NOW - i,
        customization: i === 3 || i === 30 ? JSON.stringify({ in_leaderboard: false }) : '',
      });
    }
    const page = (offset: number) =>
      leaderboardEntries(getStore(), true, { order_by: 'donated_btc', limit: 20, offset }, NOW);
    const first = await page(0);
    const second = await page(20);
    const third = await page(40);
    expect(first).toHaveLength(20);
    expect(second).toHaveLength(20);
    expect(third).toHaveLength(3);
    const all = [...first, ...second, ...third];
    expect(all.map((e) => e.index)).toEqual(Array.from({ length: 43 }, (_, i) => i + 1));
    const listed = Array.from({ length: 45 }, (_, i) => pk(i + 1)).filter((p) => p !== pk(3) && p !== pk(30));
    expect(all.map((e) => e.pubkey)).toEqual(listed);
    expect(await page(43)).toEqual([]);
  });
});
