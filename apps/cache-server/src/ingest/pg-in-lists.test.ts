import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import type { Database } from '../store/schema.ts';
import { lookups, PgInListPlugin } from './pg-in-lists.ts';

/** A PostgreSQL query builder that only compiles. */
function compiler(): Kysely<Database> {
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    plugins: [new PgInListPlugin()],
  });
}

it('compiles IN / NOT IN / tuple IN lists to ANY, ALL and unnest, leaving mixed lists alone', () => {
  const db = compiler();
  const q = db
    .selectFrom('event_pubkey_action_refs')
    .select('event_id')
    .where('event_id', 'in', ['a', 'b', 'c'])
    .where('ref_kind', 'in', [7, 6])
    .where('ref_pubkey', 'not in', ['x'])
    .where('ref_event_id', 'in', ['m', 1] as never)
    .where((eb) => eb(eb.refTuple('event_id', 'ref_pubkey'), 'in', [eb.tuple('a', 'p'), eb.tuple('b', 'q')]))
    .compile();
  const text = q.sql.replace(/\s+/g, ' ');
  expect(text).toContain('"event_id" = ANY($1::text[])');
  expect(text).toContain('"ref_kind" = ANY($2::bigint[])');
  expect(text).toContain('"ref_pubkey" <> ALL($3::text[])');
  expect(text).toMatch(/"ref_event_id" in \(\$4, \$5\)/);
  expect(text).toContain('("event_id", "ref_pubkey") in (SELECT * FROM unnest($6::text[], $7::text[]))');
  expect(q.parameters.slice(0, 3)).toEqual(['{"a","b","c"}', '{7,6}', '{"x"}']);
});

describeDialects('ingest look-ups send IN lists as array parameters on PostgreSQL', (getStore, dialect) => {
  it('answers the same rows as plain IN lists (ids with quotes and backslashes included)', async () => {
    const store = getStore();
    const ids = ['plain', 'a "quoted" id', 'back\\slash', 'comma,{brace}'];
    const row = (event_id: string, ref_pubkey: string, ref_kind: number) => ({
      event_id,
      ref_event_id: `${event_id}-ref`,
      ref_pubkey,
      ref_created_at: 1,
      ref_kind,
    });
    await store.db
      .insertInto('event_pubkey_action_refs')
      .values([...ids.map((id, i) => row(id, `p${i}`, 7)), row('other', 'p9', 6)])
      .execute();
    await store.write(async (trx) => {
      const db = lookups({ trx, dialect });
      if (dialect === 'sqlite') expect(db).toBe(trx);
      const byIds = await db
        .selectFrom('event_pubkey_action_refs')
        .select('event_id')
        .where('event_id', 'in', [...ids, 'missing'])
        .where('ref_kind', 'in', [7])
        .orderBy('event_id')
        .execute();
      expect(byIds.map((r) => r.event_id)).toEqual([...ids].sort());
      const pairs = await db
        .selectFrom('event_pubkey_action_refs')
        .select('event_id')
        .where((eb) =>
          eb(eb.refTuple('event_id', 'ref_pubkey'), 'in', [eb.tuple('plain', 'p0'), eb.tuple('other', 'p1')]),
        )
        .execute();
      expect(pairs.map((r) => r.event_id)).toEqual(['plain']);
      const others = await db
        .selectFrom('event_pubkey_action_refs')
        .select('event_id')
        .where('event_id', 'not in', ids)
        .execute();
      expect(others.map((r) => r.event_id)).toEqual(['other']);
    });
  });
});
