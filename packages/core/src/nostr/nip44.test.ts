import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import vectors from '../../test/fixtures/vectors/nip44.vectors.json' with { type: 'json' };
import { calcPaddedLen, getConversationKey, getMessageKeys, Nip44Error, nip44Decrypt, nip44Encrypt } from './nip44.ts';
import { getPublicKey } from './sign.ts';

const { valid, invalid } = vectors.v2;

describe('NIP-44 v2 valid vectors', () => {
  it.each(valid.get_conversation_key)('conversation key $conversation_key', (v) => {
    expect(bytesToHex(getConversationKey(v.sec1, v.pub2))).toBe(v.conversation_key);
  });

  it('message keys', () => {
    const ck = hexToBytes(valid.get_message_keys.conversation_key);
    for (const k of valid.get_message_keys.keys) {
      const keys = getMessageKeys(ck, hexToBytes(k.nonce));
      expect(bytesToHex(keys.chachaKey)).toBe(k.chacha_key);
      expect(bytesToHex(keys.chachaNonce)).toBe(k.chacha_nonce);
      expect(bytesToHex(keys.hmacKey)).toBe(k.hmac_key);
    }
  });

  it.each(valid.calc_padded_len)('calc_padded_len(%i) = %i', (len, padded) => {
    expect(calcPaddedLen(len)).toBe(padded);
  });

  it.each(valid.encrypt_decrypt)('encrypt/decrypt "$plaintext"', (v) => {
    const ck = getConversationKey(v.sec1, getPublicKey(v.sec2));
    expect(bytesToHex(ck)).toBe(v.conversation_key);
    expect(bytesToHex(getConversationKey(v.sec2, getPublicKey(v.sec1)))).toBe(v.conversation_key);
    expect(nip44Encrypt(v.plaintext, ck, hexToBytes(v.nonce))).toBe(v.payload);
    expect(nip44Decrypt(v.payload, ck)).toBe(v.plaintext);
  });

  it.each(valid.encrypt_decrypt_long_msg)('long message ×$repeat', (v) => {
    const plaintext = v.pattern.repeat(v.repeat);
    const enc = new TextEncoder();
    expect(bytesToHex(sha256(enc.encode(plaintext)))).toBe(v.plaintext_sha256);
    const ck = hexToBytes(v.conversation_key);
    const payload = nip44Encrypt(plaintext, ck, hexToBytes(v.nonce));
    expect(bytesToHex(sha256(enc.encode(payload)))).toBe(v.payload_sha256);
    expect(nip44Decrypt(payload, ck)).toBe(plaintext);
  });
});

describe('NIP-44 v2 invalid vectors', () => {
  const ck = hexToBytes(valid.encrypt_decrypt[0].conversation_key);
  it.each(invalid.encrypt_msg_lengths)('refuses a plaintext of %i bytes (spec: 1..65535)', (len) => {
    expect(() => nip44Encrypt('a'.repeat(len), ck)).toThrow(Nip44Error);
  });

  it.each(invalid.get_conversation_key)('conversation key: $note', (v) => {
    expect(() => getConversationKey(v.sec1, v.pub2)).toThrow(Nip44Error);
  });

  it.each(invalid.decrypt)('decrypt: $note', (v) => {
    expect(() => nip44Decrypt(v.payload, hexToBytes(v.conversation_key))).toThrow(Nip44Error);
  });

  it('empty plaintext and 65536 bytes are refused, 65535 accepted', () => {
    expect(() => nip44Encrypt('', ck)).toThrow('invalid plaintext size: must be between 1 and 65535 bytes');
    expect(nip44Decrypt(nip44Encrypt('x'.repeat(65535), ck), ck)).toHaveLength(65535);
  });
});
