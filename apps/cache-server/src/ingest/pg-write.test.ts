import { describe, expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { pgArrayLiteral } from '../store/pg-array-literal.ts';
import { pgDeleteRows, pgUpdateRows } from './pg-write.ts';
import { WriteBuffer } from './write-buffer.ts';

const tricky = [
  'plain',
  '',
  'NULL',
  'a "quoted" word',
  'back\\slash \\"',
  '{braces}, commas',
  'ünïcödé 🌊',
  ' spaced ',
];

describe('pgArrayLiteral', () => {
  it('quotes and escapes strings, keeps numbers bare and writes NULL for missing values', () => {
    expect(pgArrayLiteral(['a"b', 'c\\d', '', null, 5, undefined, -2])).toBe('{"a\\"b","c\\\\d","",NULL,5,NULL,-2}');
    expect(pgArrayLiteral([])).toBe('{}');
  });
});

describeDialects('write buffer rows', (getStore, dialect) => {
  it('stores awkward strings, numbers and nulls unchanged through a flush', async () => {
    const store = getStore();
    await store.write(async (trx) => {
      const buf = new WriteBuffer();
      tricky.forEach((value, i) => {
        buf.insert('cache', { key: `k${i}`, value, updated_at: 1_700_000_000_000 + i });
      });
      buf.insert('cache', { key: 'k0', value: 'ignored duplicate', updated_at: 1 });
      buf.add('user_stats', { pubkey: 'p' }, { note_count: 2 }, { first_seen_at: 10 });
      await buf.flush(trx);
    });
    const rows = await store.db.selectFrom('cache').selectAll().orderBy('updated_at').execute();
    expect(rows.map((r) => r.value)).toEqual(tricky);
    expect(rows.map((r) => r.updated_at)).toEqual(tricky.map((_, i) => 1_700_000_000_000 + i));
    const stats = await store.db
      .selectFrom('user_stats')
      .selectAll()
      .where('pubkey', '=', 'p')
      .executeTakeFirstOrThrow();
    expect([stats.note_count, stats.first_seen_at, stats.time_joined]).toEqual([2, 10, null]);
  });

  if (dialect !== 'postgres') return;

  it('updates many keyed rows in one statement, only where the condition holds', async () => {
    const store = getStore();
    await store.db
      .insertInto('direct_message_counts')
      .values([
        { receiver: 'r', sender: 'a', cnt: 1, latest_at: 5, latest_event_id: 'old-a' },
        { receiver: 'r', sender: 'b', cnt: 1, latest_at: 50, latest_event_id: 'old-b' },
      ])
      .execute();
    await store.write((trx) =>
      pgUpdateRows(
        trx,
        'direct_message_counts',
        ['receiver', 'sender'],
        ['latest_at', 'latest_event_id'],
        [
          { receiver: 'r', sender: 'a', latest_at: 9, latest_event_id: 'new-a' },
          { receiver: 'r', sender: 'b', latest_at: 9, latest_event_id: 'new-b' },
          { receiver: 'r', sender: 'c', latest_at: 9, latest_event_id: 'new-c' },
        ],
        't.latest_at <= u.latest_at',
      ),
    );
    const rows = await store.db.selectFrom('direct_message_counts').selectAll().orderBy('sender').execute();
    expect(rows.map((r) => [r.sender, r.latest_at, r.latest_event_id])).toEqual([
      ['a', 9, 'new-a'],
      ['b', 50, 'old-b'],
    ]);
  });

  it('deletes many key rows in one statement', async () => {
    const store = getStore();
    await store.db
      .insertInto('user_relays')
      .values(['x', 'y', 'z'].map((url) => ({ pubkey: 'del', url, read: 1, write: 1 })))
      .execute();
    await store.write((trx) =>
      pgDeleteRows(
        trx,
        'user_relays',
        ['pubkey', 'url'],
        [
          { pubkey: 'del', url: 'x' },
          { pubkey: 'del', url: 'z' },
          { pubkey: 'other', url: 'y' },
        ],
      ),
    );
    const rows = await store.db.selectFrom('user_relays').select('url').where('pubkey', '=', 'del').execute();
    expect(rows.map((r) => r.url)).toEqual(['y']);
  });
});
