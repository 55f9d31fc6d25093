import { randomBytes } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { decodeBolt11, encodeBolt11 } from '@tide/core/lightning';

/** One payment as NIP-47 lists it (amounts in millisatoshis, times in unix seconds). */
export interface LedgerTransaction {
  type: 'incoming' | 'outgoing';
  invoice: string;
  description: string;
  description_hash: string;
  preimage: string;
  payment_hash: string;
  amount: number;
  fees_paid: number;
  created_at: number;
  expires_at: number;
  settled_at: number | null;
}

/** An invoice the ledger issued, with its secret preimage and state. */
export interface LedgerInvoice {
  account: string;
  bolt11: string;
  paymentHash: string;
  preimage: string;
  amountMsat: number;
  description: string;
  descriptionHash: string;
  createdAt: number;
  expiresAt: number;
  settledAt: number | null;
}

/** A refused ledger operation; `code` is the NIP-47 error code it maps to. */
export class LedgerError extends Error {
  constructor(
    readonly code: 'INSUFFICIENT_BALANCE' | 'NOT_FOUND' | 'PAYMENT_FAILED' | 'OTHER',
    message: string,
  ) {
    super(message);
  }
}

interface Account {
  balanceMsat: number;
  transactions: LedgerTransaction[];
}

const now = () => Math.floor(Date.now() / 1000);

/** The sandbox's lightning ledger: accounts with balances, real signed BOLT 11 invoices settled by preimage. */
export class Ledger {
  readonly nodePubkey: string;
  private readonly accounts = new Map<string, Account>();
  private readonly invoices = new Map<string, LedgerInvoice>();
  private readonly paidListeners: Array<(invoice: LedgerInvoice) => void> = [];

  constructor(private readonly nodeKey: Uint8Array) {
    this.nodePubkey = bytesToHex(secp256k1.getPublicKey(nodeKey, true));
  }

  /** Creates an account (or keeps an existing one) with an opening balance in sats. */
  open(name: string, balanceSats = 0): void {
    if (!this.accounts.has(name)) this.accounts.set(name, { balanceMsat: balanceSats * 1000, transactions: [] });
  }

  /** Whether an account exists. */
  has(name: string): boolean {
    return this.accounts.has(name);
  }

  /** Balance of an account in millisatoshis. */
  balanceMsat(name: string): number {
    return this.account(name).balanceMsat;
  }

  /** Sets an account's balance (sandbox control, e.g. an empty wallet in e2e). */
  setBalanceMsat(name: string, msat: number): void {
    this.account(name).balanceMsat = msat;
  }

  /** Newest-first transactions of an account. */
  transactions(name: string): LedgerTransaction[] {
    return [...this.account(name).transactions].reverse();
  }

  /** Calls `fn` after every settled invoice. */
  onPaid(fn: (invoice: LedgerInvoice) => void): void {
    this.paidListeners.push(fn);
  }

  /** Issues an invoice payable to `name`: a description or a description hash (zaps, LNURL). */
  createInvoice(
    name: string,
    amountMsat: number,
    opts: { description?: string; descriptionHash?: string; expiry?: number } = {},
  ): LedgerInvoice {
    this.account(name);
    if (!Number.isSafeInteger(amountMsat) || amountMsat <= 0) throw new LedgerError('OTHER', 'Invalid amount');
    const preimage = bytesToHex(randomBytes(32));
    const paymentHash = bytesToHex(sha256(hexToBytes(preimage)));
    const expiry = opts.expiry ?? 3600;
    const description = opts.description ?? '';
    const bolt11 = this.encode(
      amountMsat,
      paymentHash,
      opts.descriptionHash ? undefined : description,
      opts.descriptionHash,
      expiry,
    );
    const createdAt = now();
    const invoice: LedgerInvoice = {
      account: name,
      bolt11,
      paymentHash,
      preimage,
      amountMsat,
      description,
      descriptionHash: opts.descriptionHash ?? '',
      createdAt,
      expiresAt: createdAt + expiry,
      settledAt: null,
    };
    this.invoices.set(paymentHash, invoice);
    return invoice;
  }

  /** An issued invoice by payment hash or bolt11 text, if the ledger knows it. */
  findInvoice(ref: { paymentHash?: string; bolt11?: string }): LedgerInvoice | undefined {
    if (ref.paymentHash) return this.invoices.get(ref.paymentHash.toLowerCase());
    if (!ref.bolt11) return undefined;
    try {
      return this.invoices.get(decodeBolt11(ref.bolt11).paymentHash);
    } catch {
      return undefined;
    }
  }

  /** Pays a bolt11 from `payer`; returns the invoice (with its preimage) once settled. Throws LedgerError. */
  pay(payer: string, bolt11: string, amountMsat?: number): LedgerInvoice {
    const from = this.account(payer);
    let decoded: ReturnType<typeof decodeBolt11>;
    try {
      decoded = decodeBolt11(String(bolt11));
    } catch {
      throw new LedgerError('OTHER', 'Invalid invoice');
    }
    const invoice = this.invoices.get(decoded.paymentHash);
    if (!invoice) throw new LedgerError('NOT_FOUND', 'No route to the invoice destination');
    if (invoice.settledAt !== null) throw new LedgerError('PAYMENT_FAILED', 'Invoice already paid');
    if (invoice.expiresAt < now()) throw new LedgerError('PAYMENT_FAILED', 'Invoice expired');
    if (amountMsat !== undefined && amountMsat !== invoice.amountMsat) {
      throw new LedgerError('OTHER', 'Amount does not match the invoice');
    }
    if (from.balanceMsat < invoice.amountMsat) throw new LedgerError('INSUFFICIENT_BALANCE', 'Insufficient balance');
    const to = this.account(invoice.account);
    from.balanceMsat -= invoice.amountMsat;
    to.balanceMsat += invoice.amountMsat;
    invoice.settledAt = now();
    const tx = (type: LedgerTransaction['type']): LedgerTransaction => ({
      type,
      invoice: invoice.bolt11,
      description: invoice.description,
      description_hash: invoice.descriptionHash,
      preimage: invoice.preimage,
      payment_hash: invoice.paymentHash,
      amount: invoice.amountMsat,
      fees_paid: 0,
      created_at: invoice.createdAt,
      expires_at: invoice.expiresAt,
      settled_at: invoice.settledAt,
    });
    from.transactions.push(tx('outgoing'));
    to.transactions.push(tx('incoming'));
    for (const fn of this.paidListeners) {
      try {
        fn(invoice);
      } catch {
        // A listener's failure never undoes a settled payment.
      }
    }
    return invoice;
  }

  private account(name: string): Account {
    const a = this.accounts.get(name);
    if (!a) throw new LedgerError('NOT_FOUND', `Unknown account ${name}`);
    return a;
  }

  private encode(
    amountMsat: number,
    paymentHash: string,
    description?: string,
    descriptionHash?: string,
    expiry = 3600,
  ) {
    return encodeBolt11({
      network: 'bc',
      amountMsat,
      paymentHash,
      ...(descriptionHash ? { descriptionHash } : { description: description ?? '' }),
      timestamp: now(),
      expiry,
      paymentSecret: bytesToHex(randomBytes(32)),
      privateKey: this.nodeKey,
    });
  }
}
