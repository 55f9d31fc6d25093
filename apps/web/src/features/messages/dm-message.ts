import type { Rumor } from '@tide/core/nip17';
import type { CacheEvent, NostrEvent } from '@tide/core/nostr';
import type { Signer } from '@tide/core/signers';

/** One message of a conversation, decrypted (text null: it could not be decrypted; never the ciphertext). */
export interface DmMessage {
  id: string;
  from: string;
  to: string;
  createdAt: number;
  text: string | null;
  /** A NIP-17 private message (gift-wrapped) rather than a NIP-04 kind 4. */
  private: boolean;
}

/** The other party of a message for `me`. */
export function counterpartOf(message: Pick<DmMessage, 'from' | 'to'>, me: string): string {
  return message.from === me ? message.to : message.from;
}

function receiverOf(event: { tags: string[][] }): string {
  return event.tags.find((t) => t[0] === 'p' && typeof t[1] === 'string')?.[1] ?? '';
}

/** Decrypts a kind-4 message with `signer` (NIP-04 with the other party); text null when it cannot be read. */
export async function decryptDirectMessage(
  event: CacheEvent | NostrEvent,
  me: string,
  signer: Signer | null,
): Promise<DmMessage> {
  const from = String(event.pubkey ?? '');
  const to = receiverOf(event as { tags: string[][] });
  const base = { id: String(event.id), from, to, createdAt: Number(event.created_at), private: false };
  const other = from === me ? to : from;
  if (!signer || !other || typeof event.content !== 'string') return { ...base, text: null };
  try {
    return { ...base, text: await signer.nip04.decrypt(other, event.content) };
  } catch {
    return { ...base, text: null };
  }
}

/** A NIP-17 rumor as a message. */
export function messageOfRumor(rumor: Rumor): DmMessage {
  return {
    id: rumor.id,
    from: rumor.pubkey,
    to: receiverOf(rumor),
    createdAt: rumor.created_at,
    text: rumor.content,
    private: true,
  };
}

/** Merges message lists by id, oldest first. */
export function mergeMessages(...lists: readonly DmMessage[][]): DmMessage[] {
  const byId = new Map<string, DmMessage>();
  for (const list of lists) for (const m of list) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
}
