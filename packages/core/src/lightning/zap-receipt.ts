import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { EventTemplate, NostrEvent } from '../nostr/event.ts';
import { Kind } from '../nostr/kinds.ts';
import { type Bolt11Invoice, decodeBolt11 } from './bolt11-decode.ts';
import { isEventShape, validateZapRequest, verifySignedEvent } from './zap.ts';

/** Hex SHA-256 of a zap request's JSON: the description hash a zap invoice must carry (NIP-57). */
export function zapDescriptionHash(zapRequestJson: string): string {
  return bytesToHex(sha256(new TextEncoder().encode(zapRequestJson)));
}

/**
 * Builds the unsigned zap receipt (kind 9735) a LNURL server publishes once `bolt11` is paid: p (and e/a/P) copied
 * from the request, bolt11, description = the request JSON exactly as received, optional preimage.
 */
export function makeZapReceipt(input: {
  zapRequestJson: string;
  bolt11: string;
  preimage?: string;
  paidAt: number;
}): EventTemplate {
  const request = validateZapRequest(input.zapRequestJson);
  const copy = (name: string) => request.tags.filter((t) => t[0] === name).map((t) => [name, t[1] ?? '']);
  const tags = [...copy('p'), ...copy('e'), ...copy('a'), ['P', request.pubkey], ['bolt11', input.bolt11]];
  tags.push(['description', input.zapRequestJson]);
  if (input.preimage) tags.push(['preimage', input.preimage]);
  return { kind: Kind.Zap, content: '', created_at: input.paidAt, tags };
}

/** A checked zap receipt (kind 9735) with its request and invoice. */
export interface ValidZapReceipt {
  receipt: NostrEvent;
  request: NostrEvent;
  invoice: Bolt11Invoice;
  /** Millisatoshis paid (from the invoice). */
  amountMsat: number;
  senderPubkey: string;
  recipientPubkey: string;
  eventId?: string;
  address?: string;
}

const tagValue = (e: NostrEvent, name: string): string | undefined => e.tags.find((t) => t[0] === name)?.[1];

/**
 * Checks a zap receipt: a valid kind-9735 event signed by the LNURL server's `nostrPubkey`, whose description is a
 * valid zap request committed to by the invoice's description hash, for the same recipient, and whose bolt11 amount
 * matches the request's amount tag when present.
 */
export function validateZapReceipt(
  receipt: unknown,
  options: {
    nostrPubkey: string /** The recipient's lnurl: a request naming another one is refused. */;
    lnurl?: string;
  },
): ValidZapReceipt {
  if (!isEventShape(receipt) || receipt.kind !== Kind.Zap) throw new Error('Zap receipt is not a valid event');
  if (!verifySignedEvent(receipt)) throw new Error('Invalid signature on zap receipt');
  if (receipt.pubkey !== options.nostrPubkey)
    throw new Error("Zap receipt is not signed by the recipient's LNURL server");
  const bolt11 = tagValue(receipt, 'bolt11');
  if (!bolt11) throw new Error("Zap receipt doesn't have a 'bolt11' tag");
  const description = tagValue(receipt, 'description');
  if (description === undefined) throw new Error("Zap receipt doesn't have a 'description' tag");
  const request = validateZapRequest(description);
  const requestLnurl = tagValue(request, 'lnurl');
  if (options.lnurl && requestLnurl && requestLnurl.toLowerCase() !== options.lnurl.toLowerCase()) {
    throw new Error("Zap request 'lnurl' tag doesn't match the recipient's lnurl");
  }
  const invoice = decodeBolt11(bolt11);
  if (invoice.descriptionHash !== undefined && invoice.descriptionHash !== zapDescriptionHash(description)) {
    throw new Error("Zap receipt invoice doesn't commit to its zap request");
  }
  if (invoice.descriptionHash === undefined && invoice.description !== description) {
    throw new Error("Zap receipt invoice doesn't commit to its zap request");
  }
  const recipientPubkey = tagValue(request, 'p')!;
  if (tagValue(receipt, 'p') !== recipientPubkey) throw new Error("Zap receipt 'p' tag doesn't match its zap request");
  if (invoice.amountMsat === null) throw new Error('Zap receipt invoice has no amount');
  const amountMsat = Number(invoice.amountMsat);
  const requested = tagValue(request, 'amount');
  if (requested !== undefined && Number(requested) !== amountMsat) {
    throw new Error("Zap receipt amount doesn't match its zap request");
  }
  const eventId = tagValue(request, 'e');
  const address = tagValue(request, 'a');
  return {
    receipt,
    request,
    invoice,
    amountMsat,
    senderPubkey: request.pubkey,
    recipientPubkey,
    ...(eventId ? { eventId } : {}),
    ...(address ? { address } : {}),
  };
}
