import { createRumor } from '@tide/core/nip17';
import { generateSecretKey, getPublicKey, nip04Encrypt, signEvent } from '@tide/core/nostr';
import { LocalSigner } from '@tide/core/signers';
import { describe, expect, it } from 'vitest';
import { decryptDirectMessage, mergeMessages, messageOfRumor } from './dm-message.ts';

const aliceKey = generateSecretKey();
const bobKey = generateSecretKey();
const ALICE = getPublicKey(aliceKey);
const BOB = getPublicKey(bobKey);

describe('direct message decoding', () => {
  it('decrypts a NIP-04 kind 4 for the receiver and for the sender', async () => {
    const event = signEvent(
      { kind: 4, created_at: 100, tags: [['p', BOB]], content: nip04Encrypt(aliceKey, BOB, 'hi bob') },
      aliceKey,
    );
    const forBob = await decryptDirectMessage(event, BOB, new LocalSigner(bobKey));
    expect(forBob).toMatchObject({ from: ALICE, to: BOB, text: 'hi bob', private: false, createdAt: 100 });
    expect((await decryptDirectMessage(event, ALICE, new LocalSigner(aliceKey))).text).toBe('hi bob');
  });

  it('gives text null (the placeholder), never the ciphertext, for a corrupt or foreign message', async () => {
    const corrupt = signEvent(
      { kind: 4, created_at: 1, tags: [['p', BOB]], content: 'bm90IGVuY3J5cHRlZA==?iv=AAAA' },
      aliceKey,
    );
    const m = await decryptDirectMessage(corrupt, BOB, new LocalSigner(bobKey));
    expect(m.text).toBeNull();
    const plain = signEvent({ kind: 4, created_at: 1, tags: [['p', BOB]], content: 'plain text, no iv' }, aliceKey);
    expect((await decryptDirectMessage(plain, BOB, new LocalSigner(bobKey))).text).toBeNull();
    const real = signEvent(
      { kind: 4, created_at: 1, tags: [['p', BOB]], content: nip04Encrypt(aliceKey, BOB, 'secret') },
      aliceKey,
    );
    // a third party's key cannot read it: placeholder, not garbage or ciphertext
    const other = await decryptDirectMessage(real, BOB, new LocalSigner(generateSecretKey()));
    expect(other.text === null || other.text !== real.content).toBe(true);
    expect(other.text).not.toBe('secret');
    expect((await decryptDirectMessage(real, BOB, null)).text).toBeNull();
  });

  it('turns a rumor into a private message and merges lists oldest first without duplicates', () => {
    const rumor = createRumor(ALICE, BOB, 'psst', 50);
    const m = messageOfRumor(rumor);
    expect(m).toMatchObject({ from: ALICE, to: BOB, text: 'psst', private: true, createdAt: 50 });
    const older = { ...m, id: 'a', createdAt: 10 };
    expect(mergeMessages([m], [older, m]).map((x) => x.id)).toEqual(['a', m.id]);
  });
});
