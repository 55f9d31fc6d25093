import { describe, expect, it } from 'vitest';
import { nsecEncode } from '../nostr/nip19.ts';
import { generateSecretKey, getPublicKey } from '../nostr/sign.ts';
import { verifyEvent } from '../nostr/verify.ts';
import { LocalSigner, parseNsecInput } from './local-signer.ts';
import { SignerError } from './signer.ts';

const template = { kind: 1, content: 'hello', created_at: 1_700_000_000, tags: [] };

async function codeOf(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
    return undefined;
  } catch (error) {
    return error instanceof SignerError ? error.code : `unexpected: ${String(error)}`;
  }
}

/** The nsec with its last character changed (always a different one: a random key's nsec ends in 'x' 1 time in 32). */
function brokenNsec(sk: Uint8Array): string {
  const nsec = nsecEncode(sk);
  return `${nsec.slice(0, -1)}${nsec.endsWith('x') ? 'y' : 'x'}`;
}

describe('login input (spec §5)', () => {
  const sk = generateSecretKey();
  it('accepts an nsec (trimmed)', () => {
    expect(parseNsecInput(`  ${nsecEncode(sk)} `)).toEqual(sk);
  });
  it.each([
    ['hex key', 'a'.repeat(64)],
    ['npub', 'npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6'],
    ['broken nsec', brokenNsec(sk)],
    ['empty', ''],
  ])('refuses %s with the spec message and code invalid-nsec', (_n, input) => {
    expect(() => parseNsecInput(input)).toThrow('Please enter a valid private key');
    try {
      parseNsecInput(input);
    } catch (error) {
      expect((error as SignerError).code).toBe('invalid-nsec');
    }
  });
});

describe('LocalSigner', () => {
  it('signs verifiable events and reports its public key', async () => {
    const sk = generateSecretKey();
    const signer = LocalSigner.fromNsec(nsecEncode(sk));
    expect(await signer.getPublicKey()).toBe(getPublicKey(sk));
    const event = await signer.signEvent(template);
    expect(event.pubkey).toBe(getPublicKey(sk));
    expect(verifyEvent(event)).toBe(true);
  });

  it('encrypts and decrypts with NIP-04 and NIP-44 between two signers', async () => {
    const alice = new LocalSigner(generateSecretKey());
    const bob = new LocalSigner(generateSecretKey());
    const a = await alice.getPublicKey();
    const b = await bob.getPublicKey();
    expect(await bob.nip04.decrypt(a, await alice.nip04.encrypt(b, 'four'))).toBe('four');
    expect(await bob.nip44.decrypt(a, await alice.nip44.encrypt(b, 'forty-four'))).toBe('forty-four');
  });

  it('maps broken ciphertexts to bad-cipher', async () => {
    const alice = new LocalSigner(generateSecretKey());
    const other = getPublicKey(generateSecretKey());
    expect(await codeOf(alice.nip04.decrypt(other, 'no marker'))).toBe('bad-cipher');
    expect(await codeOf(alice.nip44.decrypt(other, '#unknown'))).toBe('bad-cipher');
  });

  it('without a key every operation fails with its *-no-nsec code', async () => {
    const signer = new LocalSigner(generateSecretKey());
    signer.forget();
    expect(signer.hasKey).toBe(false);
    const pk = getPublicKey(generateSecretKey());
    expect(await codeOf(signer.getPublicKey())).toBe('pubkey-no-nsec');
    expect(await codeOf(signer.signEvent(template))).toBe('sign-no-nsec');
    expect(await codeOf(signer.nip04.encrypt(pk, 'x'))).toBe('encrypt-no-nsec');
    expect(await codeOf(signer.nip44.decrypt(pk, 'x'))).toBe('decrypt-no-nsec');
    expect(await codeOf(new LocalSigner(null).nip44.encrypt(pk, 'x'))).toBe('encrypt-no-nsec');
  });
});
