import { wrapPrivateMessage } from '@tide/core/nip17';
import { Kind } from '@tide/core/nostr';
import type { Signer } from '@tide/core/signers';
import { type DmMessage, messageOfRumor } from './dm-message.ts';
import { addPrivateMessage, loadDmRelays } from './private-messages.ts';

/** How a message goes out: NIP-17 when the recipient published DM relays (kind 10050), else NIP-04. */
export type SendMode = { kind: 'nip17'; recipientRelays: string[] } | { kind: 'nip04' };

/** Picks the sending mode for `recipient` (automatic: NIP-17 when they have a kind-10050 list). */
export async function sendModeFor(recipient: string): Promise<SendMode> {
  const recipientRelays = await loadDmRelays(recipient);
  return recipientRelays.length > 0 ? { kind: 'nip17', recipientRelays } : { kind: 'nip04' };
}

/** Messages of the send outcomes (catalogue ids resolved by the caller). */
export interface SendTexts {
  success: string | null;
  failure: string;
  timeout: string;
}

/**
 * Sends `text` to `recipient`: NIP-04 kind 4 (encrypted, p tag; the publisher imports it into the caching service
 * after a relay OK), or NIP-17 (gift wraps to the recipient's DM relays and the sender's copy to the sender's DM
 * relays, or the recipient's when the sender has none). Resolves the sent message, or null (the user was told).
 */
export async function sendDirectMessage(
  signer: Signer,
  me: string,
  recipient: string,
  text: string,
  mode: SendMode,
  texts: SendTexts,
): Promise<DmMessage | null> {
  const { publishEvent, publishSigned } = await import('../publish/index.ts');
  const options = { successMessage: texts.success, failureMessage: texts.failure, timeoutMessage: texts.timeout };
  if (mode.kind === 'nip04') {
    let content: string;
    try {
      content = await signer.nip04.encrypt(recipient, text);
    } catch {
      return null;
    }
    const result = await publishEvent(
      { kind: Kind.EncryptedDirectMessage, content, tags: [['p', recipient]] },
      options,
    );
    if (!result?.success) return null;
    return { id: result.event.id, from: me, to: recipient, createdAt: result.event.created_at, text, private: false };
  }
  let wrapped: Awaited<ReturnType<typeof wrapPrivateMessage>>;
  try {
    wrapped = await wrapPrivateMessage(signer, recipient, text);
  } catch {
    return null;
  }
  const sent = await publishSigned(wrapped.toRecipient, {
    ...options,
    relays: mode.recipientRelays,
    importAfter: false,
  });
  if (!sent?.success) return null;
  const own = await loadDmRelays(me);
  // the sender's copy is best effort: the message reached the recipient already
  await publishSigned(wrapped.toSelf, {
    relays: own.length > 0 ? own : mode.recipientRelays,
    importAfter: false,
    successMessage: null,
    failureMessage: null,
    timeoutMessage: null,
  });
  const message = messageOfRumor(wrapped.rumor);
  addPrivateMessage(me, message);
  return message;
}
