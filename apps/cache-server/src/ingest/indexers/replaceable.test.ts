import { expect, it } from 'vitest';
import { describeDialects } from '../../../test/dialects.ts';
import { ev, profile, T0, testUser } from '../../../test/fixtures/events.ts';
import { ingestEvents } from '../ingest-events.ts';

const NOW = T0 + 3600;

describeDialects('replaceable and addressable events', (getStore) => {
  const current = async (pubkey: string, kind: number, identifier = '') =>
    (
      await getStore()
        .db.selectFrom('replaceable_events')
        .select('event_id')
        .where('pubkey', '=', pubkey)
        .where('kind', '=', kind)
        .where('identifier', '=', identifier)
        .executeTakeFirst()
    )?.event_id;
  const stored = async (id: string) =>
    (await getStore().db.selectFrom('events').select('id').where('id', '=', id).execute()).length === 1;

  it('keeps only the newest profile and removes the replaced one', async () => {
    const u = testUser('rp-user');
    const v1 = profile(u, { name: 'old' }, T0);
    const v2 = profile(u, { name: 'new' }, T0 + 5);
    await ingestEvents(getStore(), [v1], { now: NOW });
    await ingestEvents(getStore(), [v2], { now: NOW });
    expect(await current(u.pubkey, 0)).toBe(v2.id);
    expect(await stored(v1.id)).toBe(false);
    const search = await getStore().db.selectFrom('search_users').selectAll().where('pubkey', '=', u.pubkey).execute();
    expect(search.map((s) => s.name)).toEqual(['new']);
  });

  it('picks the newest version inside one batch, whatever the order', async () => {
    const u = testUser('rp-batch');
    const newer = ev(u, 10000, '', [['p', 'a'.repeat(64)]], T0 + 9);
    const older = ev(u, 10000, '', [], T0 + 1);
    const [a, b] = await ingestEvents(getStore(), [newer, older], { now: NOW });
    expect(a.stored).toBe(true);
    expect(b).toMatchObject({ ok: true, stored: false, reason: 'duplicate: have a newer version of this event' });
    expect(await current(u.pubkey, 10000)).toBe(newer.id);
  });

  it('breaks created_at ties by the lower id (NIP-01)', async () => {
    const u = testUser('rp-tie');
    const x = ev(u, 10002, '', [['r', 'wss://x.example']], T0);
    const y = ev(u, 10002, '', [['r', 'wss://y.example']], T0);
    const [low, high] = x.id < y.id ? [x, y] : [y, x];
    await ingestEvents(getStore(), [high], { now: NOW });
    await ingestEvents(getStore(), [low], { now: NOW });
    expect(await current(u.pubkey, 10002)).toBe(low.id);
    const [again] = await ingestEvents(getStore(), [high], { now: NOW });
    expect(again.stored).toBe(false);
  });

  it('replaces addressable events per d tag only', async () => {
    const u = testUser('rp-addr');
    const a1 = ev(u, 30000, '', [['d', 'friends']], T0);
    const b1 = ev(u, 30000, '', [['d', 'foes']], T0);
    const a2 = ev(
      u,
      30000,
      '',
      [
        ['d', 'friends'],
        ['p', 'b'.repeat(64)],
      ],
      T0 + 1,
    );
    await ingestEvents(getStore(), [a1, b1], { now: NOW });
    await ingestEvents(getStore(), [a2], { now: NOW });
    expect(await current(u.pubkey, 30000, 'friends')).toBe(a2.id);
    expect(await current(u.pubkey, 30000, 'foes')).toBe(b1.id);
    expect(await stored(a1.id)).toBe(false);
    const items = await getStore()
      .db.selectFrom('list_items')
      .select(['identifier', 'tag', 'value'])
      .where('pubkey', '=', u.pubkey)
      .orderBy('identifier')
      .execute();
    expect(items).toEqual([{ identifier: 'friends', tag: 'p', value: 'b'.repeat(64) }]);
  });
});
