import { expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { WriteBuffer } from './write-buffer.ts';

describeDialects('WriteBuffer', (getStore) => {
  it('sums counter deltas per key and floors results at 0', async () => {
    const store = getStore();
    await store.write(async (trx) => {
      const buf = new WriteBuffer();
      buf.add('net_stats', { key: 'a' }, { value: 2 });
      buf.add('net_stats', { key: 'a' }, { value: 3 });
      buf.add('net_stats', { key: 'b' }, { value: -4 });
      await buf.flush(trx);
      buf.add('net_stats', { key: 'a' }, { value: -10 });
      buf.add('net_stats', { key: 'b' }, { value: 1 });
      await buf.flush(trx);
    });
    const rows = await store.db.selectFrom('net_stats').selectAll().orderBy('key').execute();
    expect(rows).toEqual([
      { key: 'a', value: 0 },
      { key: 'b', value: 1 },
    ]);
  });

  it('ignores conflicting inserts and merges upserted columns', async () => {
    const store = getStore();
    await store.write(async (trx) => {
      const buf = new WriteBuffer();
      buf.insert('cache', { key: 'k', value: 'first', updated_at: 1 });
      buf.insert('cache', { key: 'k', value: 'second', updated_at: 2 });
      buf.upsert('event_pubkey_actions', { event_id: 'e', pubkey: 'p' }, { liked: 1 });
      buf.upsert('event_pubkey_actions', { event_id: 'e', pubkey: 'p' }, { reposted: 1 });
      await buf.flush(trx);
      buf.upsert('event_pubkey_actions', { event_id: 'e', pubkey: 'p' }, { liked: 0 });
      await buf.flush(trx);
    });
    const cache = await store.db.selectFrom('cache').selectAll().execute();
    expect(cache).toEqual([{ key: 'k', value: 'first', updated_at: 1 }]);
    const act = await store.db.selectFrom('event_pubkey_actions').selectAll().executeTakeFirstOrThrow();
    expect([act.liked, act.reposted, act.replied]).toEqual([0, 1, 0]);
  });

  it('writes more rows than one statement can bind', async () => {
    const store = getStore();
    const n = 12_000;
    await store.write(async (trx) => {
      const buf = new WriteBuffer();
      for (let i = 0; i < n; i++) buf.insert('event_links', { event_id: `e${i}`, url: `https://x/${i}` });
      for (let i = 0; i < n; i++) buf.add('event_stats', { event_id: `s${i}` }, { likes: 1 });
      await buf.flush(trx);
    });
    const c = await store.db
      .selectFrom('event_links')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(c.n).toBe(n);
  });
});
