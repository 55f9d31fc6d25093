import { describe, expect, it } from 'vitest';
import { describeDialects } from '../../../test/dialects.ts';
import { ev, note, T0, testUser, zapReceipt } from '../../../test/fixtures/events.ts';
import { actionsOf, statsOf, userStatsOf } from '../../../test/fixtures/store-reads.ts';
import { ingestEvents } from '../ingest-events.ts';
import { scoreIncrement } from './scoring.ts';
import { bolt11Sats, parseZapReceipt } from './zaps.ts';

const NOW = T0 + 3600;

describe('bolt11Sats', () => {
  it('reads the amount from the human-readable part', () => {
    expect(bolt11Sats('lnbc210n1pxyz')).toBe(21);
    expect(bolt11Sats('lnbc2500u1pxyz')).toBe(250_000);
    expect(bolt11Sats('LIGHTNING:LNBC1M1PXYZ')).toBe(100_000);
    expect(bolt11Sats('lnbc10p1pxyz')).toBe(0);
  });
  it('treats amounts above 1,100,000 sats, no amount or garbage as 0', () => {
    expect(bolt11Sats('lnbc11m1pxyz')).toBe(1_100_000);
    expect(bolt11Sats('lnbc11000010n1pxyz')).toBe(0);
    expect(bolt11Sats('lnbc1pxyz')).toBe(0);
    expect(bolt11Sats('hello')).toBe(0);
  });
});

describe('parseZapReceipt', () => {
  const zapper = testUser('parse-zapper');
  const sender = testUser('parse-sender');
  const author = testUser('parse-author');
  it('takes the sender from the zap request, amount from bolt11, target from e', () => {
    const post = note(author, 'p');
    const z = parseZapReceipt(zapReceipt(zapper, sender, { target: post, sats: 21, message: 'Onward' }));
    expect(z).toEqual({
      sender: sender.pubkey,
      receiver: author.pubkey,
      amountSats: 21,
      targetEventId: post.id,
      targetAddress: '',
      message: 'Onward',
    });
  });
  it('needs a recipient, a description and a positive amount', () => {
    const base = zapReceipt(zapper, sender, { receiver: author, sats: 5 });
    expect(parseZapReceipt({ kind: 9735, tags: base.tags.filter((t) => t[0] !== 'p') })).toBeNull();
    expect(parseZapReceipt({ kind: 9735, tags: base.tags.filter((t) => t[0] !== 'description') })).toBeNull();
    const noAmount = base.tags.map((t) => (t[0] === 'bolt11' ? ['bolt11', 'lnbc1pxyz'] : t));
    expect(parseZapReceipt({ kind: 9735, tags: noAmount })).toBeNull();
    for (const description of ['null', '42', '"x"', '{not json']) {
      const odd = base.tags.map((t) => (t[0] === 'description' ? ['description', description] : t));
      expect(parseZapReceipt({ kind: 9735, tags: odd })).toBeNull();
    }
  });
});

describeDialects('zap indexer', (getStore) => {
  it('adds zaps and sats to the note, the receiver and the sender, with the zapped action and score', async () => {
    const zapper = testUser('zi-zapper');
    const sender = testUser('zi-sender');
    const author = testUser('zi-author');
    const post = note(author, 'zap me');
    const z1 = zapReceipt(zapper, sender, { target: post, sats: 21, at: T0 + 40 });
    const z2 = zapReceipt(zapper, sender, { target: post, sats: 1000, at: T0 + 41 });
    const profileZap = zapReceipt(zapper, sender, { receiver: author, sats: 7, at: T0 + 42 });
    const results = await ingestEvents(getStore(), [post, z1, z2, profileZap], { now: NOW });
    expect(results.every((r) => r.stored)).toBe(true);
    const s = await statsOf(getStore(), post.id);
    expect([s.zaps, s.satszapped, s.score]).toEqual([2, 1021, scoreIncrement(5)]);
    expect((await actionsOf(getStore(), post.id, sender.pubkey)).zapped).toBe(1);
    const recv = await userStatsOf(getStore(), author.pubkey);
    expect([recv?.total_zap_count, recv?.total_satszapped]).toEqual([3, 1028]);
    expect((await userStatsOf(getStore(), sender.pubkey))?.content_zap_count).toBe(3);
    const rows = await getStore()
      .db.selectFrom('zap_receipts')
      .selectAll()
      .where('receiver', '=', author.pubkey)
      .execute();
    expect(rows.map((r) => [r.amount_sats, r.target_event_id]).sort()).toEqual(
      [
        [21, post.id],
        [1000, post.id],
        [7, ''],
      ].sort(),
    );
  });

  it('stores but does not count receipts without a valid amount', async () => {
    const zapper = testUser('zi-zapper-2');
    const post = note(testUser('zi-author-2'), 'p');
    const bad = ev(zapper, 9735, '', [
      ['p', post.pubkey],
      ['e', post.id],
      ['bolt11', 'lnbc1pxyz'],
      ['description', '{}'],
    ]);
    const [, r] = await ingestEvents(getStore(), [post, bad], { now: NOW });
    expect(r.stored).toBe(true);
    expect((await statsOf(getStore(), post.id)).zaps).toBe(0);
  });

  it('undoes a receipt deleted by its author (NIP-09): note, receiver and sender totals, zapped flag, row', async () => {
    const zapper = testUser('zd-zapper');
    const sender = testUser('zd-sender');
    const author = testUser('zd-author');
    const post = note(author, 'zap then delete');
    const z1 = zapReceipt(zapper, sender, { target: post, sats: 21, at: T0 + 40 });
    const z2 = zapReceipt(zapper, sender, { target: post, sats: 1000, at: T0 + 41 });
    await ingestEvents(getStore(), [post, z1, z2], { now: NOW });
    const byOther = ev(sender, 5, '', [['e', z1.id]], T0 + 50);
    await ingestEvents(getStore(), [byOther], { now: NOW });
    expect((await statsOf(getStore(), post.id)).zaps).toBe(2);

    await ingestEvents(getStore(), [ev(zapper, 5, '', [['e', z1.id]], T0 + 51)], { now: NOW });
    let s = await statsOf(getStore(), post.id);
    expect([s.zaps, s.satszapped]).toEqual([1, 1000]);
    let recv = await userStatsOf(getStore(), author.pubkey);
    expect([recv?.total_zap_count, recv?.total_satszapped]).toEqual([1, 1000]);
    expect((await userStatsOf(getStore(), sender.pubkey))?.content_zap_count).toBe(1);
    expect((await actionsOf(getStore(), post.id, sender.pubkey)).zapped).toBe(1);

    await ingestEvents(getStore(), [ev(zapper, 5, '', [['e', z2.id]], T0 + 52)], { now: NOW });
    s = await statsOf(getStore(), post.id);
    expect([s.zaps, s.satszapped]).toEqual([0, 0]);
    recv = await userStatsOf(getStore(), author.pubkey);
    expect([recv?.total_zap_count, recv?.total_satszapped]).toEqual([0, 0]);
    expect((await userStatsOf(getStore(), sender.pubkey))?.content_zap_count).toBe(0);
    expect((await actionsOf(getStore(), post.id, sender.pubkey)).zapped).toBe(0);
    const rows = await getStore()
      .db.selectFrom('zap_receipts')
      .select('receipt_id')
      .where('sender', '=', sender.pubkey)
      .execute();
    expect(rows).toEqual([]);
  });
});
