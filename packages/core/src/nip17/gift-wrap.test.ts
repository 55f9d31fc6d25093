import * as toolsNip17 from 'nostr-tools/nip17';
import * as toolsNip59 from 'nostr-tools/nip59';
import { describe, expect, it } from 'vitest';
import { generateSecretKey, getPublicKey, signEvent } from '../nostr/sign.ts';
import { verifyEvent } from '../nostr/verify.ts';
import { LocalSigner } from '../signers/local-signer.ts';
import {
  createRumor,
  dmRelaysOf,
  GiftWrapError,
  TWO_DAYS_S,
  unwrapGiftWrap,
  wrapPrivateMessage,
  wrapRumor,
} from './gift-wrap.ts';

const aliceKey = generateSecretKey();
const bobKey = generateSecretKey();
const ALICE = getPublicKey(aliceKey);
const BOB = getPublicKey(bobKey);
const alice = new LocalSigner(aliceKey);
const bob = new LocalSigner(bobKey);
const NOW = 1_767_225_600;

describe('NIP-17 gift wrap', () => {
  it('round trip: the recipient and the sender (own copy) unwrap the same rumor; a third user cannot', async () => {
    const { rumor, toRecipient, toSelf } = await wrapPrivateMessage(alice, BOB, 'hello bob', { now: NOW });
    expect(rumor.kind).toBe(14);
    expect(toRecipient.kind).toBe(1059);
    expect(toRecipient.tags).toEqual([['p', BOB]]);
    expect(toSelf.tags).toEqual([['p', ALICE]]);
    expect(verifyEvent(toRecipient)).toBe(true);
    expect(toRecipient.pubkey).not.toBe(ALICE);
    expect(toSelf.pubkey).not.toBe(toRecipient.pubkey);
    for (const wrap of [toRecipient, toSelf]) {
      expect(wrap.created_at).toBeLessThanOrEqual(NOW);
      expect(wrap.created_at).toBeGreaterThan(NOW - TWO_DAYS_S);
    }
    const opened = await unwrapGiftWrap(toRecipient, bob);
    expect(opened).toEqual(rumor);
    expect(opened.content).toBe('hello bob');
    expect(opened.pubkey).toBe(ALICE);
    expect(opened.tags).toEqual([['p', BOB]]);
    expect((await unwrapGiftWrap(toSelf, alice)).id).toBe(rumor.id);
    await expect(unwrapGiftWrap(toRecipient, new LocalSigner(generateSecretKey()))).rejects.toThrow(GiftWrapError);
  });

  it('randomises created_at up to two days back', async () => {
    const rumor = createRumor(ALICE, BOB, 'x', NOW);
    const wrap = await wrapRumor(rumor, alice, BOB, { now: NOW, random: () => 0.999 });
    expect(NOW - wrap.created_at).toBe(Math.floor(0.999 * TWO_DAYS_S));
  });

  it('interoperates with nostr-tools nip17/nip59 both ways', async () => {
    const ours = await wrapPrivateMessage(alice, BOB, 'from tide', { now: NOW });
    const theirsOpened = toolsNip59.unwrapEvent(ours.toRecipient, bobKey);
    expect(theirsOpened.content).toBe('from tide');
    expect(theirsOpened.pubkey).toBe(ALICE);
    const theirs = toolsNip17.wrapEvent(bobKey, { publicKey: ALICE }, 'from tools');
    const opened = await unwrapGiftWrap(theirs, alice);
    expect(opened.content).toBe('from tools');
    expect(opened.pubkey).toBe(BOB);
  });

  it('refuses a seal whose signer is not the rumor author (impersonation) and garbage content', async () => {
    const mallory = generateSecretKey();
    const forged = createRumor(ALICE, BOB, 'i am alice', NOW);
    const wrap = await wrapRumor(forged, new LocalSigner(mallory), BOB, { now: NOW });
    await expect(unwrapGiftWrap(wrap, bob)).rejects.toThrow('rumor author is not the seal signer');
    const junk = signEvent({ kind: 1059, created_at: NOW, tags: [['p', BOB]], content: 'not-nip44' }, mallory);
    await expect(unwrapGiftWrap(junk, bob)).rejects.toThrow('cannot decrypt the gift wrap');
  });

  it('reads the relays of a kind-10050 list', () => {
    const list = signEvent(
      {
        kind: 10050,
        created_at: NOW,
        tags: [
          ['relay', 'wss://a.example/'],
          ['relay', 'wss://a.example/'],
          ['relay', 'https://no'],
          ['r', 'wss://b'],
        ],
        content: '',
      },
      aliceKey,
    );
    expect(dmRelaysOf(list)).toEqual(['wss://a.example/']);
    expect(dmRelaysOf(null)).toEqual([]);
  });
});
