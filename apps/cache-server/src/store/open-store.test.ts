import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { describeDialects, freshLocation, testDialects } from '../../test/dialects.ts';
import { createDb } from './create-db.ts';
import { storeMigrations } from './migrations.ts';
import { openStore } from './open-store.ts';
import { TABLES } from './tables.ts';

describeDialects('openStore', (getStore, dialect) => {
  it('creates every table of the schema', async () => {
    const { db } = getStore();
    for (const t of TABLES) {
      const rows = await sql<{ n: number }>`select count(*) as n from ${sql.table(t.name)}`.execute(db);
      expect(Number(rows.rows[0].n)).toBe(0);
    }
  });

  it('reads big counters back as numbers', async () => {
    const { db } = getStore();
    await db.insertInto('net_stats').values({ key: 'satszapped', value: 9_007_199_254_740 }).execute();
    const row = await db.selectFrom('net_stats').selectAll().where('key', '=', 'satszapped').executeTakeFirstOrThrow();
    expect(row.value).toBe(9_007_199_254_740);
    const c = await db
      .selectFrom('net_stats')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(c.n).toBe(1);
  });

  it('serialises writes and rolls back a failed one', async () => {
    const store = getStore();
    const order: number[] = [];
    const a = store.write(async (trx) => {
      await trx.insertInto('cache').values({ key: 'a', value: '1', updated_at: 1 }).execute();
      await new Promise((r) => setTimeout(r, 30));
      order.push(1);
    });
    const b = store.write(async (trx) => {
      await trx.insertInto('cache').values({ key: 'b', value: '2', updated_at: 2 }).execute();
      order.push(2);
      throw new Error('boom');
    });
    await a;
    await expect(b).rejects.toThrow('boom');
    expect(order).toEqual([1, 2]);
    const keys = await store.db.selectFrom('cache').select('key').orderBy('key').execute();
    expect(keys.map((k) => k.key)).toEqual(['a']);
  });

  it('runs full-text search on notes and users', async () => {
    const { db } = getStore();
    await db
      .insertInto('search_notes')
      .values({ event_id: 'e1', pubkey: 'p1', kind: 1, created_at: 10, content: 'Hello Nostr world' })
      .execute();
    await db
      .insertInto('search_users')
      .values({ pubkey: 'p1', name: 'satoshi', display_name: 'Satoshi N', nip05: '', lud16: '' })
      .execute();
    const notes =
      dialect === 'sqlite'
        ? await sql<{ event_id: string }>`select n.event_id from search_notes_fts f
            join search_notes n on n.rowid = f.rowid where search_notes_fts match ${'nostr'}`.execute(db)
        : await sql<{ event_id: string }>`select event_id from search_notes
            where tsv @@ to_tsquery('simple', ${'nostr'})`.execute(db);
    expect(notes.rows.map((r) => r.event_id)).toEqual(['e1']);
    const users =
      dialect === 'sqlite'
        ? await sql<{ pubkey: string }>`select u.pubkey from search_users_fts f
            join search_users u on u.rowid = f.rowid where search_users_fts match ${'sat*'}`.execute(db)
        : await sql<{ pubkey: string }>`select pubkey from search_users
            where tsv @@ to_tsquery('simple', ${'sat:*'})`.execute(db);
    expect(users.rows.map((r) => r.pubkey)).toEqual(['p1']);
  });
});

describe('openStore migrations', () => {
  it("continues a database that Kysely's Migrator migrated before", async () => {
    const loc = freshLocation('sqlite', 'legacy');
    try {
      const { db, dialect } = await createDb(loc.options);
      const migrator = new Migrator({ db, provider: { getMigrations: async () => storeMigrations(dialect) } });
      const { error } = await migrator.migrateToLatest();
      expect(error).toBeUndefined();
      await db.destroy();
      const store = await openStore(loc.options);
      const hooks = await store.db.selectFrom('event_hooks').select('created_at').execute();
      expect(hooks).toEqual([]);
      await store.close();
    } finally {
      await loc.cleanup();
    }
  });

  for (const dialect of testDialects()) {
    it(`lets several openers migrate the same database at once [${dialect}]`, async () => {
      const loc = freshLocation(dialect, 'race');
      try {
        const stores = await Promise.all([openStore(loc.options), openStore(loc.options), openStore(loc.options)]);
        const rows = await sql<{ name: string }>`select name from tide_migrations order by name`.execute(stores[0].db);
        expect(rows.rows.map((r) => r.name)).toEqual(Object.keys(storeMigrations(dialect)));
        await Promise.all(stores.map((s) => s.close()));
      } finally {
        await loc.cleanup();
      }
    });

    it(`is idempotent on reopen [${dialect}]`, async () => {
      const loc = freshLocation(dialect, 'reopen');
      try {
        const first = await openStore(loc.options);
        await first.db.insertInto('cache').values({ key: 'k', value: 'v', updated_at: 1 }).execute();
        await first.close();
        const second = await openStore(loc.options);
        const row = await second.db.selectFrom('cache').selectAll().executeTakeFirst();
        expect(row?.value).toBe('v');
        await second.close();
      } finally {
        await loc.cleanup();
      }
    });
  }
});
