import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import v from '../../test/fixtures/vectors/cashu-vectors.json' with { type: 'json' };
import { hashToCurveHex, keysetIdOf } from './crypto.ts';
import {
  DERIVATION_BASE,
  deriveDeterministic,
  deriveDeterministicV1,
  deterministicPath,
  keysetIdToInt,
} from './deterministic.ts';
import { loadCashu } from './load-cashu.ts';
import { mnemonicToWalletSeed } from './mnemonic.ts';
import { decodeCashuToken, decodeCashuTokenV3, encodeCashuTokenV3, INVALID_TOKEN } from './token.ts';

describe('NUT-00 vectors', { timeout: 30_000 }, () => {
  it.each(v.hashToCurve)('hash_to_curve($message)', async ({ message, point }) => {
    expect(await hashToCurveHex(hexToBytes(message))).toBe(point);
  });

  it.each(v.blindedMessages)('blinds x with r to B_ $B_', async ({ x, r, B_ }) => {
    const cashu = await loadCashu();
    expect(cashu.blindMessage(hexToBytes(x), BigInt(`0x${r}`)).B_.toHex(true)).toBe(B_);
  });

  it('serialises the V3 token exactly', () => {
    const json = v.tokenV3.json;
    const encoded = encodeCashuTokenV3({ entries: json.token, unit: json.unit, memo: json.memo });
    expect(encoded).toBe(v.tokenV3.serialized);
  });

  it('decodes the V3 token, padded or not, with entries and total amount', () => {
    const t = decodeCashuTokenV3(v.tokenV3.valid);
    expect(t.entries).toEqual(v.tokenV3.json.token);
    expect(t.amount).toBe(10);
    expect(t.unit).toBe('sat');
    expect(t.memo).toBe('Thank you.');
    for (const s of v.tokenV3.paddedAndUnpadded) expect(decodeCashuTokenV3(s).memo).toBe('Thank you very much.');
  });

  it('rejects V3 tokens whose proofs are malformed', () => {
    const bad = (proofs: unknown[]) => `cashuA${btoa(JSON.stringify({ token: [{ mint: 'https://m', proofs }] }))}`;
    expect(() => decodeCashuTokenV3(bad([null]))).toThrow(INVALID_TOKEN);
    expect(() => decodeCashuTokenV3(bad([{ id: 'x', amount: -1, secret: 's', C: 'c' }]))).toThrow(INVALID_TOKEN);
    expect(() => decodeCashuTokenV3(bad([]))).not.toThrow();
    expect(() => decodeCashuTokenV3(`cashuA${btoa('{"token":[]}')}`)).toThrow(INVALID_TOKEN);
  });

  it.each(v.tokenV3.invalid)('rejects a token without the cashuA prefix', async (s) => {
    expect(() => decodeCashuTokenV3(s)).toThrow(INVALID_TOKEN);
    await expect(decodeCashuToken(s)).rejects.toThrow(INVALID_TOKEN);
  });

  it('decodes V4 (cashuB) tokens: single keyset with memo', async () => {
    const t = await decodeCashuToken(v.tokenV4.single.serialized);
    const cbor = v.tokenV4.single.cbor;
    expect(t.entries).toHaveLength(1);
    expect(t.entries[0]!.mint).toBe(cbor.m);
    expect(t.memo).toBe(cbor.d);
    expect(t.unit).toBe(cbor.u);
    expect(t.entries[0]!.proofs).toEqual([
      { id: cbor.t[0]!.i, amount: 1, secret: cbor.t[0]!.p[0]!.s, C: cbor.t[0]!.p[0]!.c },
    ]);
    expect(t.amount).toBe(1);
  });

  it('decodes V4 (cashuB) tokens: proofs from two keysets', async () => {
    const t = await decodeCashuToken(v.tokenV4.multiple.serialized);
    const expected = v.tokenV4.multiple.cbor.t.flatMap((k) =>
      k.p.map((p) => ({ id: k.i, amount: p.a, secret: p.s, C: p.c })),
    );
    expect(t.entries[0]!.proofs).toEqual(expected);
    expect(t.amount).toBe(4);
    await expect(decodeCashuToken('cashuBnotcbor')).rejects.toThrow(INVALID_TOKEN);
  });
});

describe('NUT-02 keyset ids', { timeout: 30_000 }, () => {
  it.each(v.keysets.filter((k) => k.id.startsWith('00')))('version 00: $id', async (k) => {
    expect(await keysetIdOf(k.keys as Record<string, string>)).toBe(k.id);
  });
  it.each(v.keysets.filter((k) => k.id.startsWith('01')))('version 01: $id', async (k) => {
    const opts = {
      version: 1 as const,
      unit: k.unit,
      inputFeePpk: k.input_fee_ppk,
      ...('final_expiry' in k ? { expiry: k.final_expiry } : {}),
    };
    expect(await keysetIdOf(k.keys as Record<string, string>, opts)).toBe(k.id);
  });
});

describe('NUT-13 deterministic secrets', { timeout: 30_000 }, () => {
  const seed = mnemonicToWalletSeed(v.nut13.mnemonic);
  it("derives from the m/129372'/0' base with the keyset id integer", () => {
    expect(DERIVATION_BASE).toBe("m/129372'/0'");
    expect(keysetIdToInt(v.nut13.v1.keyset_id)).toBe(v.nut13.v1.keyset_id_int);
    for (const [i, path] of v.nut13.v1.paths.entries()) expect(deterministicPath(v.nut13.v1.keyset_id, i)).toBe(path);
  });
  it('v1: secrets and blinding factors for counters 0..4', () => {
    for (let i = 0; i < 5; i++) {
      expect(deriveDeterministicV1(seed, v.nut13.v1.keyset_id, i)).toEqual({
        secret: v.nut13.v1.secrets[i],
        r: v.nut13.v1.r[i],
      });
    }
  });
  it('v2: secrets and blinding factors for counters 0..4', async () => {
    for (let i = 0; i < 5; i++) {
      expect(await deriveDeterministic(seed, v.nut13.v2.keyset_id, i)).toEqual({
        secret: v.nut13.v2.secrets[i],
        r: v.nut13.v2.r[i],
      });
    }
  });
  it('matches @cashu/cashu-ts for v1 too', async () => {
    const cashu = await loadCashu();
    expect(bytesToHex(cashu.deriveSecretAndBlindingFactor(seed, v.nut13.v1.keyset_id, 3).secret)).toBe(
      v.nut13.v1.secrets[3],
    );
  });
});
