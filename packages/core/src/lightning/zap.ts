import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { verifyEvent } from 'nostr-tools/pure';
import type { EventTemplate, NostrEvent, Tag } from '../nostr/event.ts';
import { Kind } from '../nostr/kinds.ts';
import { type Bolt11Invoice, decodeBolt11 } from './bolt11-decode.ts';

/** The zap-request rejection messages of spec §5 (NIP-57 appendix D), exactly. */
export const ZapRequestError = {
  InvalidJson: 'Invalid zap request JSON',
  NotAnEvent: 'Zap request is not a valid event',
  BadSignature: 'Invalid signature on zap request',
  NoP: "Zap request doesn't have a 'p' tag",
  PNotHex: "Zap request 'p' tag is not valid hex",
  ENotHex: "Zap request 'e' tag is not valid hex",
  NoRelays: "Zap request doesn't have a 'relays' tag",
} as const;

/** What a zap is for: a profile, optionally one note (e) or one addressable event (a). */
export interface ZapRequestInput {
  recipientPubkey: string;
  amountMsat: number;
  relays: readonly string[];
  /** bech32 lnurl of the recipient's pay endpoint. */
  lnurl?: string;
  content?: string;
  eventId?: string;
  /** `kind:pubkey:identifier` of an addressable event. */
  address?: string;
  /** Kind of the zapped event (NIP-57 `k` tag). */
  eventKind?: number;
  createdAt?: number;
}

const HEX64 = /^[0-9a-f]{64}$/;

/** Verifies id and signature on a fresh copy (nostr-tools remembers results on the object it is given). */
function verifySignedEvent(e: NostrEvent): boolean {
  const { id, pubkey, created_at, kind, tags, content, sig } = e;
  return verifyEvent({ id, pubkey, created_at, kind, tags, content, sig });
}

/** Builds an unsigned zap request (kind 9734) with p, e or a, amount (msats), relays and lnurl tags. */
export function makeZapRequest(input: ZapRequestInput): EventTemplate {
  if (!HEX64.test(input.recipientPubkey)) throw new Error(ZapRequestError.PNotHex);
  if (input.relays.length === 0) throw new Error(ZapRequestError.NoRelays);
  if (!Number.isInteger(input.amountMsat) || input.amountMsat <= 0) throw new Error('Zap amount must be positive');
  const tags: Tag[] = [
    ['relays', ...input.relays],
    ['amount', String(input.amountMsat)],
  ];
  if (input.lnurl) tags.push(['lnurl', input.lnurl]);
  tags.push(['p', input.recipientPubkey]);
  if (input.eventId) {
    if (!HEX64.test(input.eventId)) throw new Error(ZapRequestError.ENotHex);
    tags.push(['e', input.eventId]);
  }
  if (input.address) tags.push(['a', input.address]);
  if (input.eventKind !== undefined) tags.push(['k', String(input.eventKind)]);
  return {
    kind: Kind.ZapRequest,
    content: input.content ?? '',
    created_at: input.createdAt ?? Math.floor(Date.now() / 1000),
    tags,
  };
}

function isEventShape(v: unknown): v is NostrEvent {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  return (
    typeof e.kind === 'number' &&
    typeof e.content === 'string' &&
    typeof e.created_at === 'number' &&
    typeof e.pubkey === 'string' &&
    HEX64.test(e.pubkey) &&
    typeof e.id === 'string' &&
    typeof e.sig === 'string' &&
    Array.isArray(e.tags) &&
    e.tags.every((t) => Array.isArray(t) && t.every((x) => typeof x === 'string'))
  );
}

/**
 * Checks a zap request (JSON text or object) the way a LNURL server must (NIP-57 appendix D); throws an Error with the
 * exact spec §5 message. With `amountMsat`, an amount tag must equal it.
 */
export function validateZapRequest(input: string | object, options: { amountMsat?: number } = {}): NostrEvent {
  let value: unknown = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      throw new Error(ZapRequestError.InvalidJson);
    }
  }
  if (!isEventShape(value) || value.kind !== Kind.ZapRequest) throw new Error(ZapRequestError.NotAnEvent);
  if (!verifySignedEvent(value)) throw new Error(ZapRequestError.BadSignature);
  const pTags = value.tags.filter((t) => t[0] === 'p');
  if (pTags.length === 0) throw new Error(ZapRequestError.NoP);
  if (pTags.length > 1) throw new Error("Zap request has more than one 'p' tag");
  if (!HEX64.test(pTags[0]![1] ?? '')) throw new Error(ZapRequestError.PNotHex);
  const eTags = value.tags.filter((t) => t[0] === 'e');
  if (eTags.length > 1) throw new Error("Zap request has more than one 'e' tag");
  if (eTags.length === 1 && !HEX64.test(eTags[0]![1] ?? '')) throw new Error(ZapRequestError.ENotHex);
  const relays = value.tags.find((t) => t[0] === 'relays');
  if (!relays || relays.length < 2) throw new Error(ZapRequestError.NoRelays);
  const amount = value.tags.find((t) => t[0] === 'amount')?.[1];
  if (options.amountMsat !== undefined && amount !== undefined && Number(amount) !== options.amountMsat) {
    throw new Error("Zap request 'amount' tag doesn't match the amount");
  }
  return value;
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
export function validateZapReceipt(receipt: unknown, options: { nostrPubkey: string }): ValidZapReceipt {
  if (!isEventShape(receipt) || receipt.kind !== Kind.Zap) throw new Error('Zap receipt is not a valid event');
  if (!verifySignedEvent(receipt)) throw new Error('Invalid signature on zap receipt');
  if (receipt.pubkey !== options.nostrPubkey)
    throw new Error("Zap receipt is not signed by the recipient's LNURL server");
  const bolt11 = tagValue(receipt, 'bolt11');
  if (!bolt11) throw new Error("Zap receipt doesn't have a 'bolt11' tag");
  const description = tagValue(receipt, 'description');
  if (description === undefined) throw new Error("Zap receipt doesn't have a 'description' tag");
  const request = validateZapRequest(description);
  const invoice = decodeBolt11(bolt11);
  if (
    invoice.descriptionHash !== undefined &&
    invoice.descriptionHash !== bytesToHex(sha256(new TextEncoder().encode(description)))
  ) {
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
