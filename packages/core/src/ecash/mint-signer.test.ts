import { describe, expect, it } from 'vitest';
import { blindSecret, unblindSignature } from './crypto.ts';
import { createMintSigner } from './mint-signer.ts';

describe('createMintSigner', { timeout: 30_000 }, () => {
  it('is deterministic per label and signs outputs that unblind to verifiable proofs', async () => {
    const a = await createMintSigner('sandbox', [1, 2, 4]);
    const b = await createMintSigner('sandbox', [1, 2, 4]);
    const other = await createMintSigner('elsewhere', [1, 2, 4]);
    expect(a.keys).toEqual(b.keys);
    expect(a.keysetId).toBe(b.keysetId);
    expect(a.keysetId).toMatch(/^00[0-9a-f]{14}$/);
    expect(other.keysetId).not.toBe(a.keysetId);

    const blinded = await blindSecret('my-secret');
    const promise = a.sign({ amount: 2, B_: blinded.B_ });
    expect(promise).toMatchObject({ id: a.keysetId, amount: 2 });
    const C = await unblindSignature(promise.C_, blinded.r, a.keys['2']!);
    expect(a.verify({ id: a.keysetId, amount: 2, secret: 'my-secret', C })).toBe(true);
    expect(a.verify({ id: a.keysetId, amount: 4, secret: 'my-secret', C })).toBe(false);
    expect(a.verify({ id: a.keysetId, amount: 2, secret: 'other', C })).toBe(false);
    expect(other.verify({ id: a.keysetId, amount: 2, secret: 'my-secret', C })).toBe(false);
    expect(a.verify({ id: a.keysetId, amount: 2, secret: 'my-secret', C: 'zz' })).toBe(false);
    expect(() => a.sign({ amount: 3, B_: blinded.B_ })).toThrow('No mint key for amount 3');
  });
});
