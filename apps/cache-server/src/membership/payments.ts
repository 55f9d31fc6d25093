import { decodeBolt11, loadNwcSdk, parseNwcUri } from '@tide/core/lightning';
import WebSocket from 'ws';

/** An invoice the operator's wallet made. */
export interface OperatorInvoice {
  invoice: string;
  paymentHash: string;
}

/** The operator's wallet as the membership service uses it: invoices and whether they were paid. */
export interface MembershipPayments {
  /** Makes an invoice of `sats` with a description. */
  makeInvoice(sats: number, description: string): Promise<OperatorInvoice>;
  /** Unix seconds when the invoice was settled, or null while unpaid. */
  settledAt(paymentHash: string, invoice: string): Promise<number | null>;
  /** Closes the wallet connection. */
  close(): void;
}

type NwcClient = InstanceType<Awaited<ReturnType<typeof loadNwcSdk>>['NWCClient']>;

/** Payments through Nostr Wallet Connect (`make_invoice`, `lookup_invoice`) of the connection string `uri`. */
export function nwcPayments(uri: string): MembershipPayments {
  const connection = parseNwcUri(uri);
  let client: Promise<NwcClient> | undefined;
  const open = (): Promise<NwcClient> => {
    // Node 20 has no global WebSocket; the NWC SDK needs one
    (globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
    client ??= loadNwcSdk().then(
      (sdk) =>
        new sdk.NWCClient({
          relayUrls: connection.relays,
          walletPubkey: connection.walletPubkey,
          secret: connection.secret,
        }),
    );
    return client;
  };
  return {
    async makeInvoice(sats, description) {
      const tx = await (await open()).makeInvoice({ amount: sats * 1000, description });
      if (typeof tx?.invoice !== 'string') throw new Error('wallet did not return an invoice');
      const decoded = decodeBolt11(tx.invoice);
      if (decoded.amountMsat !== BigInt(sats * 1000)) throw new Error('wallet invoice has the wrong amount');
      return { invoice: tx.invoice, paymentHash: decoded.paymentHash };
    },
    async settledAt(paymentHash, invoice) {
      const tx = await (await open()).lookupInvoice({ payment_hash: paymentHash, invoice });
      const settled = (tx as { settled_at?: unknown } | undefined)?.settled_at;
      const state = (tx as { state?: unknown } | undefined)?.state;
      if (typeof settled === 'number' && settled > 0 && state !== 'pending' && state !== 'failed') return settled;
      return null;
    },
    close() {
      void client?.then((c) => c.close());
    },
  };
}
