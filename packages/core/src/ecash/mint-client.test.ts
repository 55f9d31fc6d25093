import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keysetIdForUrl, MintClient } from './mint-client.ts';
import { startTestMint, type TestMint } from './test-mint.ts';

let mint: TestMint;
beforeAll(async () => {
  mint = await startTestMint();
}, 30_000);
afterAll(() => mint.close());

describe('MintClient against a real HTTP mint', { timeout: 30_000 }, () => {
  it('sends JSON with content type and Accept headers to paths under the mint URL', async () => {
    const client = new MintClient(`${mint.url('ok')}/`);
    expect(await client.checkFees({ pr: 'lnbc1' })).toEqual({ fee: 2 });
    const seen = mint.requests.at(-1)!;
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/ok/checkfees');
    expect(seen.headers['content-type']).toBe('application/json');
    expect(seen.headers.accept).toContain('application/json');
    expect(JSON.parse(seen.body)).toEqual({ pr: 'lnbc1' });
  });

  it('reads info, keys, keys/{id} and keysets', async () => {
    const client = new MintClient(mint.url('ok'));
    expect(await client.getInfo()).toMatchObject({ name: 'tide test mint' });
    expect(await client.getKeys()).toEqual(mint.keys);
    expect(await client.getKeys(mint.keysetId)).toEqual(mint.keys);
    expect(await client.getKeySets()).toEqual({ keysets: [mint.keysetId] });
    expect(await client.check({ proofs: [{ secret: 'never-spent' }] })).toEqual({ spendable: [true] });
  });

  it('makes base64 keyset ids URL-safe', () => {
    expect(keysetIdForUrl('I2yN+iRYfkzT/')).toBe('I2yN-iRYfkzT_');
  });

  it("uses the body's error or detail as the message on non-OK answers, else 'bad response'", async () => {
    await expect(new MintClient(mint.url('error')).melt({ pr: 'x', proofs: [], outputs: [] })).rejects.toThrow(
      'Lightning payment unsuccessful',
    );
    await expect(new MintClient(mint.url('detail')).split({ proofs: [], outputs: [] })).rejects.toThrow(
      'Token already spent.',
    );
    await expect(new MintClient(mint.url('bare')).getInfo()).rejects.toThrow('bad response');
  });

  it("rejects invalid answers with 'bad response' for every call that checks them", async () => {
    const bad = new MintClient(mint.url('bad'));
    await expect(bad.mint([], 'h')).rejects.toThrow('bad response');
    await expect(bad.split({ proofs: [], outputs: [] })).rejects.toThrow('bad response');
    await expect(bad.melt({ pr: 'x', proofs: [], outputs: [] })).rejects.toThrow('bad response');
    await expect(bad.checkFees({ pr: 'x' })).rejects.toThrow('bad response');
    await expect(bad.check({ proofs: [] })).rejects.toThrow('bad response');
    await expect(bad.restore({ outputs: [] })).rejects.toThrow('bad response');
  });
});
