import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { makeZapReceipt, validateZapRequest } from '@tide/core/lightning';
import { getPublicKey, type NostrEvent, signEvent } from '@tide/core/nostr';
import type { Route, SandboxReply } from './http.ts';
import type { Ledger } from './ledger.ts';

/** What the LNURL-pay service needs: the ledger, account pubkeys, the zapper key and where receipts go. */
export interface LnurlOptions {
  ledger: Ledger;
  /** Account name → Nostr pubkey (hex). */
  pubkeys: Map<string, string>;
  zapperKey: Uint8Array;
  /** `host:port` the lightning addresses name. */
  publicHost: () => string;
  /** Base URL of this server, for callbacks. */
  origin: () => string;
  /** Publishes a signed zap receipt (to the caching service's relay). */
  publish: (receipt: NostrEvent) => Promise<unknown>;
}

/** Smallest and largest payable amounts, millisatoshis. */
export const MIN_SENDABLE = 1000;
export const MAX_SENDABLE = 100_000_000_000;

const NAME = /^[a-z0-9_.-]{1,64}$/;

const error = (reason: string, status = 200): SandboxReply => ({ status, json: { status: 'ERROR', reason } });

/** LUD-06/16 pay endpoints with NIP-57 zaps; receipts are signed and published once the invoice is settled. */
export function lnurlRoutes(o: LnurlOptions): Route {
  const zapRequests = new Map<string, string>();
  const metadata = (name: string) =>
    JSON.stringify([
      ['text/plain', `Pay to ${name} (Tide sandbox)`],
      ['text/identifier', `${name}@${o.publicHost()}`],
    ]);

  o.ledger.onPaid((invoice) => {
    const request = zapRequests.get(invoice.paymentHash);
    if (!request) return;
    zapRequests.delete(invoice.paymentHash);
    const template = makeZapReceipt({
      zapRequestJson: request,
      bolt11: invoice.bolt11,
      preimage: invoice.preimage,
      paidAt: invoice.settledAt ?? Math.floor(Date.now() / 1000),
    });
    void o.publish(signEvent(template, o.zapperKey)).catch(() => {});
  });

  // Every seeded profile's lud16 names this server: demo accounts are known; any other valid name gets an empty
  // account on first use (its zap requests cannot be matched to a pubkey, so their 'p' is not checked).
  const known = (name: string) => {
    if (o.pubkeys.has(name) && o.ledger.has(name)) return true;
    if (!NAME.test(name) || o.pubkeys.has(name)) return false;
    o.ledger.open(name, 0);
    return true;
  };
  return (req) => {
    const [a, b, name] = req.parts;
    if (a === '.well-known' && b === 'lnurlp' && name !== undefined && req.parts.length === 3) {
      if (!known(name)) return error(`Unknown lightning address ${name}`, 404);
      return {
        json: {
          tag: 'payRequest',
          callback: `${o.origin()}/lnurlp/${encodeURIComponent(name)}/callback`,
          minSendable: MIN_SENDABLE,
          maxSendable: MAX_SENDABLE,
          metadata: metadata(name),
          commentAllowed: 0,
          allowsNostr: true,
          nostrPubkey: getPublicKey(o.zapperKey),
        },
      };
    }
    if (a !== 'lnurlp' || b === undefined || name !== 'callback' || req.parts.length !== 3) return undefined;
    const account = b;
    if (!known(account)) return error(`Unknown lightning address ${account}`, 404);
    const amountText = req.url.searchParams.get('amount') ?? '';
    const amount = Number(amountText);
    if (!/^\d+$/.test(amountText) || !Number.isSafeInteger(amount)) return error('Invalid amount', 400);
    if (amount < MIN_SENDABLE || amount > MAX_SENDABLE) {
      return error(`Amount must be between ${MIN_SENDABLE} and ${MAX_SENDABLE} millisats`, 400);
    }
    const nostr = req.url.searchParams.get('nostr');
    if (nostr === null) {
      const descriptionHash = bytesToHex(sha256(new TextEncoder().encode(metadata(account))));
      const inv = o.ledger.createInvoice(account, amount, { descriptionHash });
      return { json: { pr: inv.bolt11, routes: [] } };
    }
    let request: NostrEvent;
    try {
      request = validateZapRequest(nostr, { amountMsat: amount });
    } catch (e) {
      return error((e as Error).message, 400);
    }
    const p = request.tags.find((t) => t[0] === 'p')?.[1];
    if (o.pubkeys.has(account) && p !== o.pubkeys.get(account))
      return error("Zap request 'p' tag is not this lightning address's owner", 400);
    const descriptionHash = bytesToHex(sha256(new TextEncoder().encode(nostr)));
    const inv = o.ledger.createInvoice(account, amount, { descriptionHash, description: nostr });
    zapRequests.set(inv.paymentHash, nostr);
    return { json: { pr: inv.bolt11, routes: [] } };
  };
}
