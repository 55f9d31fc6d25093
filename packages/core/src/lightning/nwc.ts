import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { decodeBolt11 } from './bolt11-decode.ts';

/** A parsed NIP-47 connection URI (`nostr+walletconnect://<wallet pubkey>?relay=…&secret=…`). */
export interface NwcConnection {
  walletPubkey: string;
  relays: string[];
  /** The client's secret key, hex; never log or show it. */
  secret: string;
  lud16?: string;
}

/** Result of a paid invoice. */
export interface NwcPayment {
  preimage: string;
  feesPaidMsat: number;
}

const HEX64 = /^[0-9a-f]{64}$/;

/** Parses a NIP-47 connection URI; throws 'Invalid NWC connection string' (without echoing the secret). */
export function parseNwcUri(uri: string): NwcConnection {
  const m = /^nostr\+walletconnect:(?:\/\/)?([0-9a-fA-F]{64})\?(.*)$/.exec(uri.trim());
  if (!m) throw new Error('Invalid NWC connection string');
  const params = new URLSearchParams(m[2]);
  const relays = params.getAll('relay').filter((r) => /^wss?:\/\//.test(r));
  const secret = (params.get('secret') ?? '').toLowerCase();
  if (relays.length === 0) throw new Error('Invalid NWC connection string: no relay');
  if (!HEX64.test(secret)) throw new Error('Invalid NWC connection string: no valid secret');
  const lud16 = params.get('lud16') ?? undefined;
  return { walletPubkey: m[1]!.toLowerCase(), relays, secret, ...(lud16 ? { lud16 } : {}) };
}

/** The SDK module, loaded lazily so it never lands in a first-screen bundle. */
type NwcModule = typeof import('@getalby/sdk/nwc');

/** Loads `@getalby/sdk/nwc` on first use. */
export function loadNwcSdk(): Promise<NwcModule> {
  return import('@getalby/sdk/nwc');
}

type NwcClient = InstanceType<NwcModule['NWCClient']>;

/** Options of the NWC calls: `loadSdk` replaces the lazy loader (tests, other bundles). */
export interface NwcCallOptions {
  loadSdk?: () => Promise<NwcModule>;
}

/** Opens a client for the URI, runs `fn`, and always closes the connection. */
async function withNwcClient<T>(
  uri: string,
  options: NwcCallOptions,
  fn: (client: NwcClient) => Promise<T>,
): Promise<T> {
  const connection = parseNwcUri(uri);
  const sdk = await (options.loadSdk ?? loadNwcSdk)();
  const client = new sdk.NWCClient({
    relayUrls: connection.relays,
    walletPubkey: connection.walletPubkey,
    secret: connection.secret,
  });
  try {
    return await fn(client);
  } finally {
    client.close();
  }
}

/**
 * Pays a BOLT 11 invoice through a NIP-47 wallet. Resolves only after the wallet answers with a preimage that hashes
 * to the invoice's payment hash; rejects with the wallet's error otherwise. The connection is closed either way.
 */
export async function payInvoiceWithNwc(
  uri: string,
  invoice: string,
  options: NwcCallOptions = {},
): Promise<NwcPayment> {
  const { paymentHash } = decodeBolt11(invoice);
  return withNwcClient(uri, options, async (client) => {
    const res = await client.payInvoice({ invoice });
    if (typeof res?.preimage !== 'string' || !HEX64.test(res.preimage.toLowerCase())) {
      throw new Error('Wallet did not return a preimage');
    }
    if (bytesToHex(sha256(hexToBytes(res.preimage.toLowerCase()))) !== paymentHash) {
      throw new Error("Wallet's preimage does not match the invoice");
    }
    return {
      preimage: res.preimage.toLowerCase(),
      feesPaidMsat: typeof res.fees_paid === 'number' ? res.fees_paid : 0,
    };
  });
}

/** The wallet's balance in millisatoshis (NIP-47 get_balance). */
export function nwcGetBalance(uri: string, options: NwcCallOptions = {}): Promise<number> {
  return withNwcClient(uri, options, async (client) => {
    const res = await client.getBalance();
    if (typeof res?.balance !== 'number') throw new Error('Wallet did not return a balance');
    return res.balance;
  });
}

/** Asks the wallet for an invoice of `amountSats` (NIP-47 make_invoice); checks the invoice's amount. */
export function nwcMakeInvoice(
  uri: string,
  amountSats: number,
  description = '',
  options: NwcCallOptions = {},
): Promise<string> {
  if (!Number.isInteger(amountSats) || amountSats <= 0)
    return Promise.reject(new Error('Invoice amount must be positive'));
  return withNwcClient(uri, options, async (client) => {
    const tx = await client.makeInvoice({ amount: amountSats * 1000, description });
    if (typeof tx?.invoice !== 'string') throw new Error('Wallet did not return an invoice');
    if (decodeBolt11(tx.invoice).amountMsat !== BigInt(amountSats * 1000)) {
      throw new Error('Invoice amount does not match the requested amount');
    }
    return tx.invoice;
  });
}
