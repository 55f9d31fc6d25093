import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { encodeBolt11 } from '@tide/core/lightning';
import type { NostrEvent } from '@tide/core/nostr';
import { Kind } from '@tide/core/nostr';
import { LIGHTNING_NODE_KEY_LABEL, ZAPPER_KEY_LABEL } from './accounts.ts';
import { deriveSecretKey } from './signer.ts';
import { type SeedUser, type SeedWorld, signAs } from './world.ts';

const zapper = { secretKey: deriveSecretKey(ZAPPER_KEY_LABEL) };
const nodeKey = deriveSecretKey(LIGHTNING_NODE_KEY_LABEL);

/** What is zapped: a note (id) or an article (id + coordinate). */
export interface ZapTarget {
  id: string;
  pubkey: string;
  address?: string;
}

/**
 * A NIP-57 zap: the sender's signed zap request (9734) becomes the `description` of a receipt (9735) signed by
 * the sandbox zapper, with a valid bolt11 invoice whose description hash commits to that request.
 */
export function zapReceipt(
  world: SeedWorld,
  sender: SeedUser,
  target: ZapTarget,
  amountSats: number,
  message: string,
  createdAt: number,
): NostrEvent {
  const msats = amountSats * 1000;
  const tags = [
    ['relays', world.relayUrl],
    ['amount', String(msats)],
    ['p', target.pubkey],
    ['e', target.id],
  ];
  if (target.address) tags.push(['a', target.address]);
  const request = world.signer.sign(
    { kind: Kind.ZapRequest, created_at: createdAt, tags, content: message },
    sender.secretKey,
    new Uint8Array(32),
  );
  const description = JSON.stringify(request);
  const preimage = world.rng.bytes(32);
  const bolt11 = encodeBolt11({
    network: 'bc',
    amountMsat: msats,
    paymentHash: bytesToHex(sha256(preimage)),
    descriptionHash: bytesToHex(sha256(utf8ToBytes(description))),
    paymentSecret: world.rng.hex(32),
    timestamp: createdAt,
    privateKey: nodeKey,
  });
  const receiptTags = [
    ['p', target.pubkey],
    ['P', sender.pubkey],
    ['e', target.id],
  ];
  if (target.address) receiptTags.push(['a', target.address]);
  receiptTags.push(['bolt11', bolt11], ['description', description], ['preimage', bytesToHex(preimage)]);
  return signAs(world, zapper, { kind: Kind.Zap, created_at: createdAt, tags: receiptTags, content: '' });
}
