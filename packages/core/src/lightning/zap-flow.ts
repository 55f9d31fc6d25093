import type { EventTemplate, NostrEvent } from '../nostr/event.ts';
import { decodeBolt11 } from './bolt11-decode.ts';
import { type FetchLike, fetchLnurlPay, type LnurlPayEndpoint, requestLnurlInvoice } from './lnurl.ts';
import { makeZapRequest } from './zap.ts';
import { zapDescriptionHash } from './zap-receipt.ts';

/** Error message when the recipient's LNURL server does not support zaps (no allowsNostr / nostrPubkey). */
export const NOT_ZAPPABLE = 'not_zappable';

/** What is needed to ask for a zap invoice. */
export interface ZapInvoiceInput {
  /** The recipient's profile lightning fields. */
  profile: { lud16?: string; lud06?: string };
  recipientPubkey: string;
  amountSats: number;
  /** Relays the receipt should be published to. */
  relays: readonly string[];
  comment?: string;
  eventId?: string;
  address?: string;
  eventKind?: number;
  /** Signs the zap request (a local key or an extension signer). */
  sign: (template: EventTemplate) => Promise<NostrEvent>;
  fetchFn?: FetchLike;
}

/** A zap invoice ready to pay, with the signed request and the endpoint that will publish the receipt. */
export interface ZapInvoice {
  invoice: string;
  zapRequest: NostrEvent;
  endpoint: LnurlPayEndpoint & { nostrPubkey: string };
}

/**
 * NIP-57 zap up to the invoice: fetch the LNURL-pay endpoint, refuse with 'not_zappable' if it does not allow nostr,
 * sign a zap request (amount in msats, lnurl, relays, p and e/a), get the invoice and check it commits to the request.
 */
export async function createZapInvoice(input: ZapInvoiceInput): Promise<ZapInvoice> {
  if (!Number.isInteger(input.amountSats) || input.amountSats <= 0) throw new Error('Zap amount must be positive');
  const endpoint = await fetchLnurlPay(input.profile, input.fetchFn);
  if (!endpoint.allowsNostr || !endpoint.nostrPubkey) throw new Error(NOT_ZAPPABLE);
  const amountMsat = input.amountSats * 1000;
  const zapRequest = await input.sign(
    makeZapRequest({
      recipientPubkey: input.recipientPubkey,
      amountMsat,
      relays: input.relays,
      lnurl: endpoint.lnurl,
      content: input.comment ?? '',
      ...(input.eventId ? { eventId: input.eventId } : {}),
      ...(input.address ? { address: input.address } : {}),
      ...(input.eventKind !== undefined ? { eventKind: input.eventKind } : {}),
    }),
  );
  const invoice = await requestLnurlInvoice(endpoint, { amountMsat, zapRequest }, input.fetchFn);
  const decoded = decodeBolt11(invoice);
  if (
    decoded.descriptionHash !== undefined &&
    decoded.descriptionHash !== zapDescriptionHash(JSON.stringify(zapRequest))
  ) {
    throw new Error("Zap invoice doesn't commit to the zap request");
  }
  return { invoice, zapRequest, endpoint: { ...endpoint, nostrPubkey: endpoint.nostrPubkey } };
}
