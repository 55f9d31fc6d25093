import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { decodeBolt11 } from '@tide/core/lightning';
import { describe, expect, it } from 'vitest';
import { Ledger, LedgerError } from './ledger.ts';
import { demoKey } from './sandbox.ts';

describe('Ledger', () => {
  const make = () => {
    const l = new Ledger(demoKey('sandbox-node'));
    l.open('alice', 1000);
    l.open('bob', 0);
    return l;
  };

  it('issues real signed BOLT 11 invoices core decodes, with the node key and description hash', () => {
    const l = make();
    const inv = l.createInvoice('bob', 21_000, { descriptionHash: 'ab'.repeat(32) });
    const d = decodeBolt11(inv.bolt11, { strict: true });
    expect(d.amountMsat).toBe(21_000n);
    expect(d.paymentHash).toBe(inv.paymentHash);
    expect(d.descriptionHash).toBe('ab'.repeat(32));
    expect(d.payeeNodeKey).toBe(l.nodePubkey);
    expect(bytesToHex(sha256(hexToBytes(inv.preimage)))).toBe(inv.paymentHash);
  });

  it('settles between accounts with the preimage and records both sides', () => {
    const l = make();
    const inv = l.createInvoice('bob', 300_000, { description: 'coffee' });
    const seen: string[] = [];
    l.onPaid((i) => seen.push(i.paymentHash));
    const paid = l.pay('alice', inv.bolt11);
    expect(paid.preimage).toBe(inv.preimage);
    expect(l.balanceMsat('alice')).toBe(700_000);
    expect(l.balanceMsat('bob')).toBe(300_000);
    expect(seen).toEqual([inv.paymentHash]);
    expect(l.transactions('alice')[0]).toMatchObject({ type: 'outgoing', amount: 300_000, description: 'coffee' });
    expect(l.transactions('bob')[0]).toMatchObject({ type: 'incoming', preimage: inv.preimage });
  });

  it('refuses double payment, too little balance, unknown invoices and garbage', () => {
    const l = make();
    const inv = l.createInvoice('bob', 2_000_000);
    expect(() => l.pay('alice', inv.bolt11)).toThrow(expect.objectContaining({ code: 'INSUFFICIENT_BALANCE' }));
    expect(l.balanceMsat('alice')).toBe(1_000_000);
    const small = l.createInvoice('bob', 1000);
    l.pay('alice', small.bolt11);
    expect(() => l.pay('alice', small.bolt11)).toThrow('Invoice already paid');
    const other = new Ledger(demoKey('elsewhere'));
    other.open('x');
    expect(() => l.pay('alice', other.createInvoice('x', 1000).bolt11)).toThrow(LedgerError);
    expect(() => l.pay('alice', 'lnbc1garbage')).toThrow('Invalid invoice');
    expect(() => l.pay('nobody', small.bolt11)).toThrow('Unknown account');
    expect(() => l.createInvoice('bob', -5)).toThrow('Invalid amount');
  });
});
