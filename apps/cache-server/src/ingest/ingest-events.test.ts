import { expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { ev, note, T0, testUser } from '../../test/fixtures/events.ts';
import { ingestEvents } from './ingest-events.ts';

const NOW = T0 + 3600;

describeDialects('ingestEvents gate', (getStore) => {
  const alice = testUser('gate-alice');

  async function countEvents(id: string): Promise<number> {
    const rows = await getStore().db.selectFrom('events').select('id').where('id', '=', id).execute();
    return rows.length;
  }

  it('stores a valid note and reports ok', async () => {
    const n = note(alice, 'hello gate');
    const [r] = await ingestEvents(getStore(), [n], { now: NOW });
    expect(r).toEqual({ id: n.id, ok: true, reason: '', stored: true });
    expect(await countEvents(n.id)).toBe(1);
  });

  it('rejects a wrong signature and stores nothing of it', async () => {
    const n = note(alice, 'forged');
    const bad = { ...n, sig: n.sig.slice(0, -2) + (n.sig.endsWith('00') ? '11' : '00') };
    const [r] = await ingestEvents(getStore(), [bad], { now: NOW });
    expect(r).toMatchObject({ ok: false, reason: 'invalid: signature is wrong', stored: false });
    expect(await countEvents(n.id)).toBe(0);
    const mentions = await getStore()
      .db.selectFrom('search_notes')
      .select('event_id')
      .where('event_id', '=', n.id)
      .execute();
    expect(mentions).toEqual([]);
  });

  it('rejects an id that does not match the content', async () => {
    const n = note(alice, 'original');
    const [r] = await ingestEvents(getStore(), [{ ...n, content: 'changed' }], { now: NOW });
    expect(r.reason).toBe('invalid: event id does not match its content');
    expect(await countEvents(n.id)).toBe(0);
  });

  it('rejects malformed input with a clear reason', async () => {
    const results = await ingestEvents(getStore(), [null, { kind: 1 }, 'x'], { now: NOW });
    expect(results.map((r) => r.reason)).toEqual([
      'invalid: malformed event',
      'invalid: malformed event',
      'invalid: malformed event',
    ]);
  });

  it('accepts created_at up to 300 s ahead and rejects beyond', async () => {
    const near = note(alice, 'near future', [], NOW + 300);
    const far = note(alice, 'far future', [], NOW + 301);
    const [a, b] = await ingestEvents(getStore(), [near, far], { now: NOW });
    expect(a.ok).toBe(true);
    expect(b).toMatchObject({ ok: false, reason: 'invalid: created_at is more than 5 minutes in the future' });
    expect(await countEvents(far.id)).toBe(0);
  });

  it('rejects events larger than 500,000 characters', async () => {
    const big = note(alice, 'x'.repeat(500_001));
    const [r] = await ingestEvents(getStore(), [big], { now: NOW });
    expect(r.reason).toBe('invalid: event is larger than 500000 characters');
    expect(await countEvents(big.id)).toBe(0);
  });

  it('refuses kinds outside the accepted set (and NIP-85 assertions)', async () => {
    const odd = ev(alice, 1234, 'x');
    const nip85 = ev(alice, 30382, '', [['d', 'x']]);
    const request = ev(alice, 9734, '');
    const results = await ingestEvents(getStore(), [odd, nip85, request], { now: NOW });
    expect(results.map((r) => r.reason)).toEqual([
      'blocked: kind 1234 is not accepted',
      'blocked: kind 30382 is not accepted',
      'blocked: kind 9734 is not accepted',
    ]);
  });

  it('accepts the extra kinds and any replaceable/addressable kind', async () => {
    const kinds = [2, 1984, 1068, 1018, 6969, 1311, 20, 1111, 9802, 10001, 10063, 30311, 31234, 39089];
    const events = kinds.map((k, i) => ev(alice, k, 'k', k >= 30000 ? [['d', `x${i}`]] : [], T0 + i));
    const results = await ingestEvents(getStore(), events, { now: NOW });
    expect(results.every((r) => r.ok && r.stored)).toBe(true);
  });

  it('never stores ephemeral events but answers ok', async () => {
    const eph = ev(alice, 20001, 'ephemeral');
    const [r] = await ingestEvents(getStore(), [eph], { now: NOW });
    expect(r).toEqual({ id: eph.id, ok: true, reason: '', stored: false });
    expect(await countEvents(eph.id)).toBe(0);
  });

  it('de-duplicates across calls and inside one call', async () => {
    const n = note(alice, 'dup me', [], T0 + 5);
    const [a, b] = await ingestEvents(getStore(), [n, n], { now: NOW });
    expect(a.stored).toBe(true);
    expect(b).toMatchObject({ ok: true, reason: 'duplicate: already have this event', stored: false });
    const [c] = await ingestEvents(getStore(), [n], { now: NOW });
    expect(c).toMatchObject({ ok: true, reason: 'duplicate: already have this event', stored: false });
    const stats = await getStore().db.selectFrom('net_stats').selectAll().where('key', '=', 'any').executeTakeFirst();
    expect(stats?.value).toBeGreaterThan(0);
  });

  it('refuses authors on the blocklist', async () => {
    const mallory = testUser('gate-mallory');
    await getStore()
      .db.insertInto('blocked_pubkeys')
      .values({ pubkey: mallory.pubkey, reason: 'spam', added_at: 1 })
      .execute();
    const n = note(mallory, 'buy now');
    const [r] = await ingestEvents(getStore(), [n], { now: NOW });
    expect(r).toMatchObject({ ok: false, reason: 'blocked: spam', stored: false });
    expect(await countEvents(n.id)).toBe(0);
  });

  it('keeps going when the batch is split into several transactions', async () => {
    const notes = Array.from({ length: 7 }, (_, i) => note(alice, `batch ${i}`, [], T0 + 100 + i));
    const results = await ingestEvents(getStore(), notes, { now: NOW, batchSize: 3 });
    expect(results.filter((r) => r.stored)).toHaveLength(7);
  });

  it('stores events with odd tags of every indexed kind without an error', async () => {
    const odd = [
      ['e', 5],
      ['p'],
      [],
      ['a', 'x:y'],
      ['imeta', 7],
      ['description', 'null'],
      ['bolt11', 'lnbc'],
      ['d'],
      ['r', 9],
      ['t', ''],
      ['e', 'zz', '', 'root'],
    ] as unknown as string[][];
    const kinds = [0, 1, 3, 4, 5, 6, 7, 20, 1111, 9735, 9802, 10000, 10002, 10003, 30000, 30023];
    const events = kinds.map((k, i) =>
      ev(testUser(`odd-${i}`), k, k === 0 ? 'not json' : '#[0] #[99] nostr:npub1zz', odd),
    );
    const results = await ingestEvents(getStore(), events, { now: NOW });
    expect(results.filter((r) => !r.stored)).toEqual([]);
  });
});
