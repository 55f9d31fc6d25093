import { type Kysely, sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { createDb } from './create-db.ts';
import type { Database } from './schema.ts';

async function count(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('net_stats')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describeDialects('store connections', (getStore, dialect) => {
  it("keeps a transaction's statements on one connection: invisible outside until commit, undone by rollback", async () => {
    const { db } = getStore();
    await db.deleteFrom('net_stats').execute();
    let seenInside = -1;
    let seenOutside = -1;
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('net_stats').values({ key: 'a', value: 1 }).execute();
      seenInside = await count(trx);
      // SQLite has one connection: a lone query would wait for this transaction to end
      seenOutside = dialect === 'postgres' ? await count(db) : 0;
    });
    expect([seenInside, seenOutside, await count(db)]).toEqual([1, 0, 1]);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('net_stats').values({ key: 'b', value: 2 }).execute();
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await count(db)).toBe(1);
  });

  it('answers many lone queries at once (on PostgreSQL also while a transaction is open)', async () => {
    const { db } = getStore();
    const lone = async () => {
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => sql<{ n: number }>`SELECT ${i} + 0 AS n`.execute(db)),
      );
      return answers.map((r) => Number(r.rows[0].n));
    };
    const answers =
      dialect === 'postgres'
        ? await db.transaction().execute(async (trx) => {
            await trx.insertInto('net_stats').values({ key: 'c', value: 3 }).execute();
            return lone();
          })
        : await lone();
    expect(answers).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });

  it('a session connection keeps its session settings between statements (PostgreSQL; SQLite has one connection)', async () => {
    if (dialect === 'sqlite') {
      const { db, openSession } = await createDb({ sqlitePath: ':memory:' });
      expect(openSession).toBeUndefined();
      await db.destroy();
      return;
    }
    const url = process.env.TIDE_TEST_DATABASE_URL as string;
    const { db, openSession } = await createDb({ databaseUrl: url, pgMax: 3 });
    const session = openSession?.();
    const sessionDb = session?.db;
    try {
      // every pool connection open, so statements not pinned to one would rotate through them
      await Promise.all([1, 2, 3].map(() => sql`SELECT pg_sleep(0.05)`.execute(db)));
      const values = await sessionDb?.connection().execute(async (conn) => {
        await sql`SELECT set_config('tide.probe', 'kept', false)`.execute(conn);
        const reads = [];
        for (let i = 0; i < 5; i++)
          reads.push(
            (await sql<{ v: string }>`SELECT current_setting('tide.probe', true) AS v`.execute(conn)).rows[0].v,
          );
        return reads;
      });
      expect(values).toEqual(['kept', 'kept', 'kept', 'kept', 'kept']);
    } finally {
      await sessionDb?.destroy();
      await session?.end();
      await db.destroy();
    }
  });
});
