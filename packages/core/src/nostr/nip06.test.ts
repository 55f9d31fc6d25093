import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import { entropyToMnemonic, mnemonicToEntropy, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist as english } from '@scure/bip39/wordlists/english.js';
import { describe, expect, it } from 'vitest';
import bip39 from '../../test/fixtures/vectors/bip39-english.vectors.json' with { type: 'json' };
import nip06 from '../../test/fixtures/vectors/nip06.vectors.json' with { type: 'json' };
import { generateMnemonic, isValidMnemonic, nip06Path, secretKeyFromMnemonic } from './nip06.ts';
import { npubEncode, nsecEncode } from './nip19.ts';
import { getPublicKey } from './sign.ts';

describe('NIP-06 official vectors', () => {
  it.each(nip06.vectors)('$npub', (v) => {
    const sk = secretKeyFromMnemonic(v.mnemonic, '', v.account);
    expect(sk).toBe(v.privateKey);
    expect(nsecEncode(sk)).toBe(v.nsec);
    expect(getPublicKey(sk)).toBe(v.publicKey);
    expect(npubEncode(v.publicKey)).toBe(v.npub);
  });
  it("uses the path m/44'/1237'/<account>'/0/0", () => {
    expect(nip06Path()).toBe("m/44'/1237'/0'/0/0");
    expect(nip06Path(3)).toBe("m/44'/1237'/3'/0/0");
    expect(secretKeyFromMnemonic(nip06.vectors[0].mnemonic, '', 1)).not.toBe(nip06.vectors[0].privateKey);
  });
  it("refuses bad words or checksums with 'Invalid mnemonic'", () => {
    expect(() => secretKeyFromMnemonic('leader monkey parrot')).toThrow('Invalid mnemonic');
    const badChecksum = nip06.vectors[0].mnemonic.replace(/bean$/, 'leader');
    expect(isValidMnemonic(badChecksum)).toBe(false);
    expect(() => secretKeyFromMnemonic(badChecksum)).toThrow('Invalid mnemonic');
  });
  it('generates valid 12- and 24-word mnemonics', () => {
    expect(generateMnemonic().split(' ')).toHaveLength(12);
    const m24 = generateMnemonic(256);
    expect(m24.split(' ')).toHaveLength(24);
    expect(isValidMnemonic(m24)).toBe(true);
  });
});

describe('BIP-39 english vectors (passphrase TREZOR)', () => {
  it.each(bip39.english)('%s', (entropy, mnemonic, seed, xprv) => {
    expect(entropyToMnemonic(hexToBytes(entropy), english)).toBe(mnemonic);
    expect(bytesToHex(mnemonicToEntropy(mnemonic, english))).toBe(entropy);
    expect(isValidMnemonic(mnemonic)).toBe(true);
    const seedBytes = mnemonicToSeedSync(mnemonic, 'TREZOR');
    expect(bytesToHex(seedBytes)).toBe(seed);
    expect(HDKey.fromMasterSeed(seedBytes).privateExtendedKey).toBe(xprv);
  });
});
