import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { encodeCashuTokenV3 } from '@tide/core/ecash';
import { encodeBolt11 } from '@tide/core/lightning';
import { LIGHTNING_NODE_KEY_LABEL } from './accounts.ts';
import { deriveSecretKey } from './signer.ts';
import type { SeedWorld } from './world.ts';

const nodeKey = deriveSecretKey(LIGHTNING_NODE_KEY_LABEL);

/** Every how many notes one carries an invoice, an ecash token, a quoted highlight, a video (and at which offset). */
export const RICH_NOTE_EVERY = { invoice: [37, 5], ecash: [41, 7], highlight: [29, 3], video: [23, 11] } as const;

/** Whether note number `n` carries the given rich content. */
export function carries(n: number, what: keyof typeof RICH_NOTE_EVERY): boolean {
  const [every, at] = RICH_NOTE_EVERY[what];
  return n % every === at;
}

/**
 * A line asking to be paid with a BOLT 11 invoice (signed by the sandbox lightning node): an amount, a description,
 * and an expiry a week past the network's "now", so the demo shows it open.
 */
export function invoiceLine(world: SeedWorld, createdAt: number): string {
  const { rng } = world;
  const sats = rng.pick([210, 1000, 2100, 5000, 21000]);
  const what = rng.pick(['coffee', 'the meetup pizza', 'a sticker pack', 'the relay bill', 'a book']);
  const invoice = encodeBolt11({
    network: 'bc',
    amountMsat: sats * 1000,
    paymentHash: bytesToHex(sha256(rng.bytes(32))),
    description: `Tide demo: ${what}`,
    paymentSecret: rng.hex(32),
    timestamp: createdAt,
    expiry: world.now - createdAt + 7 * 86_400,
    privateKey: nodeKey,
  });
  return `Chipping in for ${what}? ${invoice}`;
}

/** A line sharing a cashu (NUT-00 V3) ecash token of a few proofs on the demo mint. */
export function ecashLine(world: SeedWorld): string {
  const { rng } = world;
  const amounts = rng.pick([[1, 4, 16], [2, 8], [64], [1, 2, 32, 128]]);
  const token = encodeCashuTokenV3({
    entries: [
      {
        mint: `https://mint.${world.host}`,
        proofs: amounts.map((amount) => ({
          id: '009a1f293253e41e',
          amount,
          secret: rng.hex(32),
          C: `02${rng.hex(32)}`,
        })),
      },
    ],
    unit: 'sat',
    memo: 'Tide demo sats',
  });
  return `First come, first served: ${token}`;
}
