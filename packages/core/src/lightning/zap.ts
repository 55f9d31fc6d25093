import { verifyEvent } from 'nostr-tools/pure';
import type { EventTemplate, NostrEvent, Tag } from '../nostr/event.ts';
import { Kind } from '../nostr/kinds.ts';

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
export function verifySignedEvent(e: NostrEvent): boolean {
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

/** True when `v` has every field of a signed event with string-only tags. */
export function isEventShape(v: unknown): v is NostrEvent {
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
  const a = value.tags.find((t) => t[0] === 'a')?.[1];
  if (a !== undefined && !/^\d+:[0-9a-f]{64}:.*$/.test(a)) {
    throw new Error("Zap request 'a' tag is not a valid event coordinate");
  }
  const amount = value.tags.find((t) => t[0] === 'amount')?.[1];
  if (options.amountMsat !== undefined && amount !== undefined && Number(amount) !== options.amountMsat) {
    throw new Error("Zap request 'amount' tag doesn't match the amount");
  }
  return value;
}
