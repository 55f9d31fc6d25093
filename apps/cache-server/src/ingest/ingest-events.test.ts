import { describe, expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { ev, note, reaction, reply, T0, testUser } from '../../test/fixtures/events.ts';
import type { Store } from '../store/index.ts';
import { ingestEvents, transactionShape } from './ingest-events.ts';

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

  it('checks a repeated id on its own when its first copy was refused (a forged copy cannot hide the real one)', async () => {
    const n = note(alice, 'real after forged');
    const forged = { ...n, sig: n.sig.slice(0, -2) + (n.sig.endsWith('00') ? '11' : '00') };
    const [a, b, c] = await ingestEvents(getStore(), [forged, n, n], { now: NOW });
    expect(a).toMatchObject({ ok: false, reason: 'invalid: signature is wrong' });
    expect(b).toEqual({ id: n.id, ok: true, reason: '', stored: true });
    expect(c).toMatchObject({ ok: true, reason: 'duplicate: already have this event', stored: false });
    const m = note(alice, 'two bad copies');
    const [x, y] = await ingestEvents(
      getStore(),
      [
        { ...m, sig: forged.sig },
        { ...m, content: 'x' },
      ],
      { now: NOW },
    );
    expect([x.ok, y.ok]).toEqual([false, false]);
    expect(y.reason).toBe('invalid: event id does not match its content');
    expect(await countEvents(m.id)).toBe(0);
  });

  it('refuses an event whose NIP-40 expiration has passed, from any source', async () => {
    const gone = note(alice, 'expired', [['expiration', String(NOW - 1)]]);
    const later = note(alice, 'expires later', [['expiration', String(NOW + 60)]]);
    const [a, b] = await ingestEvents(getStore(), [gone, later], { now: NOW, source: 'import' });
    expect(a).toMatchObject({ ok: false, reason: 'invalid: event is expired' });
    expect(b.ok).toBe(true);
    expect(await countEvents(gone.id)).toBe(0);
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
    const kinds = [2, 1984, 1068, 1018, 6969, 1311, 20, 1111, 7001, 7002, 9802, 10001, 10063, 30311, 31234, 39089];
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

  it('writes several verified chunks in one transaction; later chunks see the earlier ones', async () => {
    const bob = testUser('group-bob');
    const root = note(alice, 'group root', [], T0 + 200);
    const events = [root, ...Array.from({ length: 4 }, (_, i) => note(bob, `group ${i}`, [], T0 + 201 + i))];
    events.push(reply(bob, root, 'group reply', T0 + 210), reaction(bob, root, '+', T0 + 211));
    let transactions = 0;
    const counting: Store = {
      ...getStore(),
      write: (fn) => {
        transactions++;
        return getStore().write(fn);
      },
    };
    const opts = { now: NOW, source: 'import', batchSize: 4, verifyChunkSize: 2 };
    const results = await ingestEvents(counting, events, opts);
    expect(results.filter((r) => r.stored)).toHaveLength(7);
    expect(transactions).toBe(2 + 2); // two groups of two chunks, then score expiry and hook cleanup
    const stats = await getStore()
      .db.selectFrom('event_stats')
      .select(['likes', 'replies'])
      .where('event_id', '=', root.id)
      .executeTakeFirstOrThrow();
    expect(stats).toEqual({ likes: 1, replies: 1 });
  });

  it('falls back to chunk by chunk when a transaction of several chunks fails, storing everything once', async () => {
    const carol = testUser('group-carol');
    const events = Array.from({ length: 6 }, (_, i) => note(carol, `fallback ${i}`, [], T0 + 300 + i));
    const any = async () =>
      (await getStore().db.selectFrom('net_stats').select('value').where('key', '=', 'any').executeTakeFirst())
        ?.value ?? 0;
    const before = await any();
    let failed = 0;
    const failingOnce: Store = {
      ...getStore(),
      write: (fn) =>
        getStore().write(async (trx) => {
          const out = await fn(trx);
          if (failed++ === 0) throw new Error('first transaction fails after its writes');
          return out;
        }),
    };
    const opts = { now: NOW, source: 'upstream', batchSize: 6, verifyChunkSize: 2 };
    const results = await ingestEvents(failingOnce, events, opts);
    expect(results.map((r) => r.reason)).toEqual(events.map(() => ''));
    expect(results.every((r) => r.stored)).toBe(true);
    expect(await any()).toBe(before + 6);
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

describe('transactionShape', () => {
  it('cuts relay input in transactions of 500 and bulk input in transactions of 2,000 verified 500 at a time', () => {
    expect(transactionShape({})).toEqual({ chunk: 500, perTransaction: 1 });
    expect(transactionShape({ source: 'relay' })).toEqual({ chunk: 500, perTransaction: 1 });
    expect(transactionShape({ source: 'upstream' })).toEqual({ chunk: 500, perTransaction: 4 });
    expect(transactionShape({ source: 'seed', batchSize: 1000 })).toEqual({ chunk: 500, perTransaction: 2 });
    expect(transactionShape({ source: 'import', batchSize: 700 })).toEqual({ chunk: 350, perTransaction: 2 });
    expect(transactionShape({ batchSize: 3 })).toEqual({ chunk: 3, perTransaction: 1 });
  });
});
