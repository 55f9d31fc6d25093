import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { SQLITE_JOURNAL_SIZE_LIMIT_BYTES } from '../store/create-db.ts';
import { openStore } from '../store/index.ts';
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

describe('seedDemoNetwork on a SQLite file', () => {
  it('leaves the WAL file empty (the seed is checkpointed into the database) and bounds it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tide-wal-'));
    const path = join(dir, 'tide.db');
    const store = await openStore({ sqlitePath: path });
    try {
      await seedDemoNetwork(store, { seed: 'wal-test', scale: 3_000, now: NOW });
      // measured while the store is open: closing the last connection would checkpoint and remove the WAL anyway
      const wal = statSync(`${path}-wal`, { throwIfNoEntry: false })?.size ?? 0;
      expect(wal).toBeLessThan(64 * 1024);
      expect(statSync(path).size).toBeGreaterThan(1024 * 1024);
      // later bulk work's WAL is cut back when the WAL restarts after a checkpoint
      const limit = await sql<{ journal_size_limit: number }>`PRAGMA journal_size_limit`.execute(store.db);
      expect(Number(limit.rows[0].journal_size_limit)).toBe(SQLITE_JOURNAL_SIZE_LIMIT_BYTES);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
