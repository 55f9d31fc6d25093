import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { analyzeStore } from './pg-maintenance.ts';

describeDialects('analyzeStore', (getStore, dialect) => {
  it('refreshes the planner statistics of the store on both dialects', async () => {
    const store = getStore();
    const rows = Array.from({ length: 300 }, (_, i) => ({ key: `k${i}`, value: i }));
    await store.db.insertInto('net_stats').values(rows).execute();
    await analyzeStore(store);
    if (dialect === 'postgres') {
      const stats = await sql<{ tuples: number; analysed: boolean }>`SELECT c.reltuples AS tuples,
        s.last_analyze IS NOT NULL AS analysed FROM pg_class c JOIN pg_stat_user_tables s ON s.relid = c.oid
        WHERE c.relname = 'net_stats' AND s.schemaname = current_schema()`.execute(store.db);
      expect(stats.rows).toEqual([{ tuples: 300, analysed: true }]);
    } else {
      const stat = await sql<{ stat: string }>`SELECT stat FROM sqlite_stat1 WHERE tbl = 'net_stats'`.execute(store.db);
      expect(stat.rows[0]?.stat.split(' ')[0]).toBe('300');
    }
    const count = await store.db
      .selectFrom('net_stats')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(300);
  });
});
