import { expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { DEFAULT_ACCOUNT_PUBKEY, DEMO_ACCOUNTS, seedDemoNetwork } from './index.ts';

const NOW = 1_790_000_000;

describeDialects('seedDemoNetwork', (getStore) => {
  it('writes the network through ingest, every event accepted, and skips an already-seeded store', async () => {
    const store = getStore();
    const first = await seedDemoNetwork(store, { seed: 'store-test', scale: 1_500, now: NOW });
    expect(first.skipped).toBe(false);
    expect(first.total).toBeGreaterThanOrEqual(1_500);
    expect(first.rejected).toEqual([]);
    expect(first.accepted).toBe(first.total);
    expect(first.accounts.map((a) => a.name)).toEqual(['tide', 'alice', 'bob', 'carol']);
    const stored = await store.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const replaced = (first.counts['3'] ?? 0) - 300; // later contact lists replace earlier ones
    expect(Number(stored.n)).toBe(first.total - replaced);
    const profile = await store.db
      .selectFrom('replaceable_events')
      .select('event_id')
      .where('pubkey', '=', DEFAULT_ACCOUNT_PUBKEY)
      .where('kind', '=', 0)
      .executeTakeFirst();
    expect(profile).toBeDefined();
    const alice = await store.db
      .selectFrom('user_stats')
      .select(['follows_count'])
      .where('pubkey', '=', DEMO_ACCOUNTS[0].pubkey)
      .executeTakeFirstOrThrow();
    expect(Number(alice.follows_count)).toBeGreaterThanOrEqual(30);
    const aliceTypes = await store.db
      .selectFrom('notifications')
      .select('type')
      .distinct()
      .where('pubkey', '=', DEMO_ACCOUNTS[0].pubkey)
      .execute();
    // Demo accounts store no app settings; missing settings count as all-on, so seeded activity notifies them.
    expect(aliceTypes.length).toBeGreaterThanOrEqual(3);

    const second = await seedDemoNetwork(store, { seed: 'store-test', scale: 1_500, now: NOW });
    expect(second).toMatchObject({ skipped: true, total: 0 });
  }, 120_000);
});
