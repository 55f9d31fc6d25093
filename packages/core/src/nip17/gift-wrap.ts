import type { NostrEvent, UnsignedEvent } from '../nostr/event.ts';
import { getEventHash } from '../nostr/hash.ts';
import { getConversationKey, nip44Encrypt } from '../nostr/nip44.ts';
import { generateSecretKey, signEvent } from '../nostr/sign.ts';
import { verifyEvent } from '../nostr/verify.ts';
import type { Signer } from '../signers/signer.ts';

/** NIP-17 private direct message (the unsigned rumor). */
export const PRIVATE_DM_KIND = 14;
/** NIP-59 seal: the rumor encrypted by its author to one recipient. */
export const SEAL_KIND = 13;
/** NIP-59 gift wrap: the seal encrypted by a throwaway key to one recipient. */
export const GIFT_WRAP_KIND = 1059;
/** NIP-17 DM relay list (replaceable). */
export const DM_RELAYS_KIND = 10050;
/** How far back seal and wrap `created_at` are randomised (NIP-59: up to 2 days). */
export const TWO_DAYS_S = 2 * 24 * 60 * 60;

/** A rumor: an unsigned event with its id (NIP-59). */
export type Rumor = UnsignedEvent & { id: string };

/** A NIP-59 error: the wrap, seal or rumor is malformed, unverifiable or undecryptable. */
export class GiftWrapError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GiftWrapError';
  }
}

function randomPast(now: number, random: () => number): number {
  return now - Math.floor(random() * TWO_DAYS_S);
}

/** Builds the kind-14 rumor `content` from `sender` to `recipient` (unsigned, id set). */
export function createRumor(sender: string, recipient: string, content: string, now: number): Rumor {
  const rumor: UnsignedEvent = {
    kind: PRIVATE_DM_KIND,
    pubkey: sender,
    created_at: now,
    tags: [['p', recipient]],
    content,
  };
  return { ...rumor, id: getEventHash(rumor) };
}

/** Options of {@link wrapRumor}. */
export interface WrapOptions {
  now?: number;
  random?: () => number;
  /** Throwaway wrap key (tests only); fresh per wrap otherwise. */
  wrapKey?: Uint8Array;
}

/**
 * Seals `rumor` with `signer` (kind 13, NIP-44 to `recipient`, signed by the sender) and gift-wraps it (kind 1059,
 * NIP-44 by a random key, p-tagged `recipient`), both `created_at` randomised up to 2 days in the past.
 */
export async function wrapRumor(
  rumor: Rumor,
  signer: Signer,
  recipient: string,
  options: WrapOptions = {},
): Promise<NostrEvent> {
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const random = options.random ?? Math.random;
  const sealContent = await signer.nip44.encrypt(recipient, JSON.stringify(rumor));
  const seal = await signer.signEvent({
    kind: SEAL_KIND,
    created_at: randomPast(now, random),
    tags: [],
    content: sealContent,
  });
  const wrapKey = options.wrapKey ?? generateSecretKey();
  const wrapContent = nip44Encrypt(JSON.stringify(seal), getConversationKey(wrapKey, recipient));
  return signEvent(
    { kind: GIFT_WRAP_KIND, created_at: randomPast(now, random), tags: [['p', recipient]], content: wrapContent },
    wrapKey,
  );
}

/** The two gift wraps of one NIP-17 message: one for the recipient, one for the sender's own copy. */
export async function wrapPrivateMessage(
  signer: Signer,
  recipient: string,
  content: string,
  options: WrapOptions = {},
): Promise<{ rumor: Rumor; toRecipient: NostrEvent; toSelf: NostrEvent }> {
  const sender = await signer.getPublicKey();
  const rumor = createRumor(sender, recipient, content, options.now ?? Math.floor(Date.now() / 1000));
  const toRecipient = await wrapRumor(rumor, signer, recipient, options);
  const toSelf = await wrapRumor(rumor, signer, sender, { ...options, wrapKey: undefined });
  return { rumor, toRecipient, toSelf };
}

function parseJson(text: string, what: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new GiftWrapError(`${what} is not a JSON object`);
}

/**
 * Opens a gift wrap addressed to `signer`'s user: decrypts the wrap and the seal, checks the seal's signature and
 * that the rumor's author is the seal's signer (NIP-17: no impersonation). Throws GiftWrapError otherwise.
 */
export async function unwrapGiftWrap(wrap: NostrEvent, signer: Signer): Promise<Rumor> {
  if (wrap.kind !== GIFT_WRAP_KIND) throw new GiftWrapError('not a gift wrap');
  let sealText: string;
  try {
    sealText = await signer.nip44.decrypt(wrap.pubkey, wrap.content);
  } catch {
    throw new GiftWrapError('cannot decrypt the gift wrap');
  }
  const seal = parseJson(sealText, 'seal');
  if (seal.kind !== SEAL_KIND || !verifyEvent(seal)) throw new GiftWrapError('invalid seal');
  let rumorText: string;
  try {
    rumorText = await signer.nip44.decrypt(seal.pubkey, seal.content);
  } catch {
    throw new GiftWrapError('cannot decrypt the seal');
  }
  const rumor = parseJson(rumorText, 'rumor') as unknown as Rumor;
  if (rumor.pubkey !== seal.pubkey) throw new GiftWrapError('rumor author is not the seal signer');
  if (typeof rumor.content !== 'string' || typeof rumor.created_at !== 'number' || !Array.isArray(rumor.tags)) {
    throw new GiftWrapError('malformed rumor');
  }
  return { ...rumor, id: getEventHash(rumor) };
}

/** Relay URLs of a kind-10050 DM relay list (`relay` tags), de-duplicated, in order. */
export function dmRelaysOf(event: NostrEvent | null | undefined): string[] {
  if (!event || event.kind !== DM_RELAYS_KIND) return [];
  const urls = event.tags.filter((t) => t[0] === 'relay' && typeof t[1] === 'string' && /^wss?:\/\//.test(t[1]));
  return [...new Set(urls.map((t) => t[1]))];
}
