import { describe, expect, it } from 'vitest';
import { hex, INVOICE_20M, INVOICE_2500U, INVOICE_9678785340P, zapReceipt } from './test-fixtures.ts';
import { bolt11Sats, mergeTopZaps, parseZap, type TopZap } from './zap.ts';

const sender = hex('a');
const receiver = hex('b');
const noteId = hex('1');
const kinds = (id: string) => (id === noteId ? 1 : id === hex('7') ? 7 : undefined);

describe('bolt11Sats', () => {
  it('converts the human-readable amount to sats (number × 1e8 / divisor)', () => {
    expect(bolt11Sats(INVOICE_2500U)).toBe(250_000);
    // BOLT 11 examples (specification, MIT): 20m and 9678785340p.
    expect(bolt11Sats(INVOICE_20M)).toBe(2_000_000);
    expect(bolt11Sats(INVOICE_9678785340P)).toBe(967_878);
    expect(bolt11Sats('not an invoice')).toBeUndefined();
  });

  it('rejects a broken checksum and reads no amount from an any-amount invoice', () => {
    const broken = `${INVOICE_2500U.slice(0, -1)}${INVOICE_2500U.endsWith('q') ? 'p' : 'q'}`;
    expect(bolt11Sats(broken)).toBeUndefined();
    expect(bolt11Sats(INVOICE_2500U.toUpperCase())).toBe(250_000);
    expect(
      bolt11Sats(
        'lnbc1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpl2pkx2ctnv5sxxmmwwd5kgetjypeh2ursdae8g6twvus8g6rfwvs8qun0dfjkxaq9qrsgq357wnc5r2ueh7ck6q93dj32dlqnls087fxdwk8qakdyafkq3yap9us6v52vjjsrvywa6rt52cm9r9zqt8r2t7mlcwspyetp5h2tztugp9lfyql',
      ),
    ).toBeUndefined();
  });
});

describe('parseZap', () => {
  it('takes the amount from the invoice, sender from the zap request, receiver from the p tag', () => {
    const zap = parseZap(
      zapReceipt('z1', {
        sender,
        receiver,
        subject: ['e', noteId],
        bolt11: INVOICE_2500U,
        amountMsats: 5000,
        message: 'gm',
      }),
      kinds,
    );
    expect(zap).toEqual({
      id: 'z1',
      message: 'gm',
      amount: 250_000,
      sender,
      receiver,
      created_at: 500,
      zappedId: noteId,
      zappedKind: 1,
    });
  });

  it('falls back to the amount tag (msats / 1000) when the invoice cannot be read, else 0', () => {
    const base = { sender, receiver, subject: ['e', noteId] };
    expect(parseZap(zapReceipt('z', { ...base, bolt11: 'lnbcgarbage', amountMsats: 21_000 }), kinds)?.amount).toBe(21);
    expect(parseZap(zapReceipt('z', { ...base, amountMsats: 1_000_000 }), kinds)?.amount).toBe(1000);
    expect(parseZap(zapReceipt('z', base), kinds)?.amount).toBe(0);
  });

  it('accepts article zaps by coordinate and drops zaps of other subjects', () => {
    const coordinate = `30023:${receiver}:my-article`;
    const article = parseZap(zapReceipt('z', { sender, receiver, subject: ['a', coordinate] }), kinds);
    expect(article?.zappedKind).toBe(30023);
    expect(article?.zappedId).toBe(coordinate);
    expect(parseZap(zapReceipt('z', { sender, receiver }), kinds)).toBeUndefined();
    expect(parseZap(zapReceipt('z', { sender, receiver, subject: ['e', hex('7')] }), kinds)).toBeUndefined();
    expect(parseZap(zapReceipt('z', { sender, receiver, subject: ['e', hex('9')] }), kinds)).toBeUndefined();
    expect(
      parseZap(zapReceipt('z', { sender, receiver, subject: ['a', `30311:${receiver}:x`] }), kinds),
    ).toBeUndefined();
  });
});

describe('mergeTopZaps', () => {
  it('sorts by amount descending without duplicates', () => {
    const z = (id: string, amount: number): TopZap => ({ id, amount, pubkey: sender, message: '', eventId: noteId });
    const merged = mergeTopZaps([z('a', 10), z('b', 500)], [z('c', 42), z('a', 10)]);
    expect(merged.map((x) => [x.id, x.amount])).toEqual([
      ['b', 500],
      ['c', 42],
      ['a', 10],
    ]);
  });
});
