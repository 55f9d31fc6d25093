import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { arrayInLists } from './pg-array-lists.ts';

describe('arrayInLists', () => {
  it('turns IN / NOT IN lists of placeholders into one array parameter each, renumbering the rest', () => {
    const out = arrayInLists({
      sql: 'select a from t where x = $1 and p in ($2, $3, $4) and k not in ($5, $6) and y < $7',
      parameters: ['x', 'a"b', 'c\\d', 'e', 1, 7, 9],
    });
    expect(out.sql).toBe('select a from t where x = $1 and p = ANY($2::text[]) and k <> ALL($3::bigint[]) and y < $4');
    expect(out.parameters).toEqual(['x', '{"a\\"b","c\\\\d","e"}', '{1,7}', 9]);
  });

  it('gives every list length one statement text', () => {
    const texts = new Set(
      [1, 2, 5, 40].map(
        (n) =>
          arrayInLists({
            sql: `select 1 from t where p in (${Array.from({ length: n }, (_, i) => `$${i + 1}`).join(', ')})`,
            parameters: Array.from({ length: n }, (_, i) => `v${i}`),
          }).sql,
      ),
    );
    expect([...texts]).toEqual(['select 1 from t where p = ANY($1::text[])']);
  });

  it('leaves lists of mixed or other values, lists with literals and queries repeating a placeholder alone', () => {
    const mixed = { sql: 'select 1 from t where p in ($1, $2) and q = $3', parameters: ['a', 2, 'z'] };
    expect(arrayInLists(mixed)).toEqual(mixed);
    const literal = { sql: "select 1 from t where p in ($1, 'b')", parameters: ['a'] };
    expect(arrayInLists(literal)).toBe(literal);
    const repeated = { sql: 'select 1 from t where p in ($1, $2) or q = $1', parameters: ['a', 'b'] };
    expect(arrayInLists(repeated)).toBe(repeated);
    const nulls = { sql: 'select 1 from t where p in ($1, $2)', parameters: ['a', null] };
    expect(arrayInLists(nulls)).toEqual(nulls);
  });
});

describeDialects('IN lists through the store', (getStore) => {
  it('select the same rows as lists of values (text, integer, NOT IN, quotes)', async () => {
    const { db } = getStore();
    await db.deleteFrom('net_stats').execute();
    await db
      .insertInto('net_stats')
      .values([
        { key: 'a"1', value: 1 },
        { key: 'b\\2', value: 2 },
        { key: 'c', value: 3 },
      ])
      .execute();
    const keys = async (q: Promise<Array<{ key: string }>>) => (await q).map((r) => r.key).sort();
    const byKey = db.selectFrom('net_stats').select('key').where('key', 'in', ['a"1', 'b\\2', 'zz']).execute();
    expect(await keys(byKey)).toEqual(['a"1', 'b\\2']);
    const byValue = db.selectFrom('net_stats').select('key').where('value', 'not in', [1, 2]).execute();
    expect(await keys(byValue)).toEqual(['c']);
    const raw = await sql<{ n: number }>`SELECT count(*) AS n FROM net_stats WHERE value IN (${1}, ${3})`.execute(db);
    expect(Number(raw.rows[0].n)).toBe(2);
  });
});
