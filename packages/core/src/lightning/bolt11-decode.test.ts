import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hex } from '@scure/base';
import { decode as lightDecode } from 'light-bolt11-decoder';
import { describe, expect, it } from 'vitest';
import vectors from '../../test/fixtures/vectors/bolt11-examples.json' with { type: 'json' };
import { bolt11AmountToMsat, bolt11AmountToSats, bolt11InvoiceAmount } from './bolt11-amount.ts';
import { decodeBolt11 } from './bolt11-decode.ts';
import { encodeBolt11 } from './bolt11-encode.ts';
import { describeBolt11Expiry, humanDuration } from './bolt11-expiry.ts';

describe('BOLT 11 amounts (spec §9)', () => {
  it('converts each multiplier by number × 1e8 ÷ 1e3, 1e6, 1e9, 1e12', () => {
    expect(bolt11AmountToSats('20m')).toBe(2_000_000);
    expect(bolt11AmountToSats('2500u')).toBe(250_000);
    expect(bolt11AmountToSats('210n')).toBe(21);
    expect(bolt11AmountToSats('9678785340p')).toBeCloseTo(967_878.534, 6);
    expect(bolt11AmountToSats('1')).toBe(100_000_000);
    expect(bolt11AmountToMsat('9678785340p')).toBe(967_878_534n);
    expect(bolt11AmountToMsat('2500u')).toBe(250_000_000n);
  });
  it('rejects bad amounts', () => {
    expect(() => bolt11AmountToMsat('2500x')).toThrow('Not a valid multiplier for the amount');
    expect(() => bolt11AmountToMsat('2500000001p')).toThrow('Amount has sub-millisatoshi precision');
    expect(() => bolt11AmountToMsat('025m')).toThrow('Not a valid amount');
    expect(() => bolt11AmountToMsat('99999999999')).toThrow('Amount is outside of valid range');
  });
});

describe('bolt11InvoiceAmount (prefix only)', () => {
  it.each(vectors.valid.map((v) => [v.title.slice(0, 40), v] as const))('%s', (_t, v) => {
    const amount = bolt11InvoiceAmount(v.invoice);
    expect(amount?.amountMsat ?? null).toBe(v.amountMsat === null ? null : BigInt(v.amountMsat));
  });
  it('reads sats by the spec rule and rejects non-invoices', () => {
    expect(bolt11InvoiceAmount('lnbc2500u1pvjluez')?.amountSats).toBe(250_000);
    expect(bolt11InvoiceAmount('lntbs10n1xyz')?.amountSats).toBe(1);
    expect(bolt11InvoiceAmount('lnbcrt1xyz')).toBeNull();
    expect(() => bolt11InvoiceAmount('hello1abc')).toThrow('Not a proper lightning payment request');
    expect(() => bolt11InvoiceAmount('lnbc2500x1abc')).toThrow('Not a valid multiplier for the amount');
  });
});

describe('decodeBolt11 on the BOLT 11 examples', () => {
  it.each(vectors.valid.map((v) => [v.title.slice(0, 60), v] as const))('%s', (_t, v) => {
    const inv = decodeBolt11(v.invoice, { strict: true });
    expect(inv.network).toBe(v.network);
    expect(inv.amountMsat).toBe(v.amountMsat === null ? null : BigInt(v.amountMsat));
    expect(inv.timestamp).toBe(v.timestamp);
    expect(inv.paymentHash).toBe(v.paymentHash);
    expect(inv.expiry).toBe(v.expiry);
    expect(inv.expiresAt).toBe(v.timestamp + v.expiry);
    expect(inv.paymentSecret).toBe(v.paymentSecret);
    if ('description' in v) expect(inv.description).toBe(v.description);
    if ('descriptionHash' in v) expect(inv.descriptionHash).toBe(v.descriptionHash);
    expect(inv.payeeNodeKey).toBe(vectors.payeeNodeKey);
  });

  const reasons: Record<string, string> = {
    'unknown feature 100': 'Invoice requires unknown feature 100',
    'checksum is invalid': 'Invalid bech32 checksum or format',
    '(no 1)': 'Not a proper lightning payment request',
    'mixed case': 'Mixed-case invoice',
    'not recoverable': 'Invoice signature is not recoverable',
    'too short': 'Invoice is too short',
    'Invalid multiplier': 'Not a valid multiplier for the amount',
    'sub-millisatoshi': 'Amount has sub-millisatoshi precision',
    'Missing required': 'Invoice has no payment secret',
    'high-S': 'Invoice signature does not match its payee key',
  };
  it.each(vectors.invalid.map((v) => [v.title, v.invoice] as const))('rejects: %s', (title, invoice) => {
    const reason = Object.entries(reasons).find(([key]) => title.includes(key))?.[1];
    expect(reason).toBeDefined();
    expect(() => decodeBolt11(invoice, { strict: true })).toThrow(reason);
  });

  it('lenient mode accepts an invoice without payment secret but still checks the signature', () => {
    const missingS = vectors.invalid.find((v) => v.title.includes('Missing required'))!;
    expect(decodeBolt11(missingS.invoice).paymentSecret).toBeUndefined();
    const tampered = `${missingS.invoice.slice(0, 30)}${missingS.invoice[30] === 'q' ? 'p' : 'q'}${missingS.invoice.slice(31)}`;
    expect(() => decodeBolt11(tampered)).toThrow('Invalid bech32 checksum or format');
  });

  it('reads metadata, feature bits and strips a lightning: prefix', () => {
    const meta = vectors.valid.find((v) => v.title.includes('metadata'))!;
    const inv = decodeBolt11(`lightning:${meta.invoice}`);
    expect(inv.metadata).toBe('01fafaf0');
    expect(inv.featureBits).toEqual([8, 14, 48]);
  });

  it('round-trips encodeBolt11 output and recovers the signing key', () => {
    const key = secp256k1.utils.randomSecretKey();
    const invoice = encodeBolt11({
      network: 'bc',
      amountMsat: 42_000,
      paymentHash: 'cd'.repeat(32),
      paymentSecret: 'ef'.repeat(32),
      descriptionHash: '12'.repeat(32),
      timestamp: 1_700_000_000,
      expiry: 86_400,
      privateKey: key,
    });
    const inv = decodeBolt11(invoice, { strict: true });
    expect(inv.amountSats).toBe(42);
    expect(inv.descriptionHash).toBe('12'.repeat(32));
    expect(inv.expiresAt).toBe(1_700_086_400);
    expect(inv.payeeNodeKey).toBe(hex.encode(secp256k1.getPublicKey(key, true)));
  });

  it('can skip the signature check for display, never in strict mode', () => {
    const unrecoverable = vectors.invalid.find((v) => v.title.includes('not recoverable'))!.invoice;
    const shown = decodeBolt11(unrecoverable, { verifySignature: false });
    expect(shown.amountSats).toBe(250_000);
    expect(shown.payeeNodeKey).toBeNull();
    expect(() => decodeBolt11(unrecoverable)).toThrow('Invoice signature is not recoverable');
    expect(() => decodeBolt11(unrecoverable, { verifySignature: false, strict: true })).toThrow(
      'Invoice signature is not recoverable',
    );
  });

  it('rejects non-invoices with a clear message', () => {
    expect(() => decodeBolt11('hello')).toThrow('Not a proper lightning payment request');
    expect(() => decodeBolt11('')).toThrow('Not a proper lightning payment request');
  });
});

describe('describeBolt11Expiry', () => {
  const inv = { expiresAt: 1_000_000 };
  it('says "expires in" before and "expired … ago" after, with an injectable now', () => {
    expect(describeBolt11Expiry(inv, 1_000_000 - 300)).toEqual({
      expired: false,
      secondsLeft: 300,
      text: 'expires in 5 minutes',
    });
    expect(describeBolt11Expiry(inv, 1_000_000 + 7_200).text).toBe('expired 2 hours ago');
    expect(describeBolt11Expiry(inv, 1_000_000).expired).toBe(true);
    expect(describeBolt11Expiry(inv, 1_000_000 - 1).text).toBe('expires in 1 second');
  });
  it('uses the largest whole unit', () => {
    expect(humanDuration(59)).toBe('59 seconds');
    expect(humanDuration(61)).toBe('1 minute');
    expect(humanDuration(172_800)).toBe('2 days');
    expect(humanDuration(0)).toBe('0 seconds');
  });
});

describe('agreement with light-bolt11-decoder', () => {
  // light-bolt11-decoder 3.2.0 throws on the example with fields that must be ignored and checks no signature,
  // so decodeBolt11 parses itself; on everything light-bolt11-decoder reads, both must agree.
  const readable = vectors.valid.filter((v) => {
    try {
      lightDecode(v.invoice);
      return true;
    } catch {
      return false;
    }
  });
  it('reads all but the ignored-fields example', () => {
    expect(vectors.valid.length - readable.length).toBe(1);
  });
  it.each(readable.map((v) => [v.title.slice(0, 50), v.invoice] as const))('%s', (_t, invoice) => {
    const theirs = lightDecode(invoice);
    const value = (name: string) =>
      (theirs.sections.find((x) => x.name === name) as { value?: unknown } | undefined)?.value;
    const ours = decodeBolt11(invoice);
    expect(ours.amountMsat === null ? undefined : String(ours.amountMsat)).toBe(value('amount'));
    expect(ours.timestamp).toBe(value('timestamp'));
    expect(ours.paymentHash).toBe(value('payment_hash'));
    expect(ours.description).toBe(value('description'));
    expect(ours.descriptionHash).toBe(value('description_hash'));
  });
});
