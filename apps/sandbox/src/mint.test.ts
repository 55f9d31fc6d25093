import {
  blindSecret,
  type CashuProof,
  decodeCashuToken,
  hashToCurveHex,
  randomSecret,
  redeemCashuToken,
  unblindSignature,
} from '@tide/core/ecash';
import { decodeBolt11 } from '@tide/core/lightning';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from './sandbox.ts';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ balanceSats: 1000 });
});
afterAll(() => sb?.close());

const call = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${sb.mintUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};

async function outputsFor(amounts: number[]) {
  const blinded = await Promise.all(amounts.map(() => blindSecret(randomSecret())));
  return { blinded, outputs: amounts.map((amount, i) => ({ amount, B_: blinded[i]!.B_ })) };
}
async function unblind(
  sigs: Array<{ C_: string; amount: number; id: string }>,
  blinded: Array<{ secret: string; r: bigint }>,
) {
  const { json } = await call('GET', '/v1/keys');
  const keys = (json.keysets as Array<{ keys: Record<string, string> }>)[0]!.keys;
  return Promise.all(
    sigs.map(
      async (s, i): Promise<CashuProof> => ({
        id: s.id,
        amount: s.amount,
        secret: blinded[i]!.secret,
        C: await unblindSignature(s.C_, blinded[i]!.r, keys[String(s.amount)]!),
      }),
    ),
  );
}

describe('Cashu mint, current /v1 API', () => {
  it('mints against a paid ledger invoice, swaps, reports state and melts into a ledger invoice', async () => {
    const info = await call('GET', '/v1/info');
    expect(info.json.nuts).toBeTruthy();
    const quote = await call('POST', '/v1/mint/quote/bolt11', { amount: 13, unit: 'sat' });
    expect(quote.json.state).toBe('UNPAID');
    const early = await outputsFor([8, 4, 1]);
    expect((await call('POST', '/v1/mint/bolt11', { quote: quote.json.quote, outputs: early.outputs })).json.code).toBe(
      20001,
    );
    expect(decodeBolt11(String(quote.json.request)).amountSats).toBe(13);
    sb.ledger.pay('alice', String(quote.json.request));
    expect((await call('GET', `/v1/mint/quote/bolt11/${quote.json.quote}`)).json.state).toBe('PAID');
    const minted = await call('POST', '/v1/mint/bolt11', { quote: quote.json.quote, outputs: early.outputs });
    expect(minted.status).toBe(200);
    const proofs = await unblind(minted.json.signatures as never, early.blinded);
    // NUT-09 restore (what NUT-13 deterministic wallets use): the same outputs get the same signatures back.
    const unknown = await outputsFor([2]);
    const restored = await call('POST', '/v1/restore', { outputs: [...early.outputs, ...unknown.outputs] });
    expect(restored.json.signatures).toEqual(minted.json.signatures);
    expect(restored.json.outputs).toEqual(early.outputs);
    const again = await outputsFor([8, 4, 1]);
    expect((await call('POST', '/v1/mint/bolt11', { quote: quote.json.quote, outputs: again.outputs })).json.code).toBe(
      20002,
    );

    const swapOut = await outputsFor([8, 2, 2, 1]);
    expect((await call('POST', '/v1/swap', { inputs: proofs, outputs: swapOut.outputs.slice(1) })).json.code).toBe(
      11002,
    );
    const swapped = await call('POST', '/v1/swap', { inputs: proofs, outputs: swapOut.outputs });
    expect(swapped.status).toBe(200);
    const fresh = await unblind(swapped.json.signatures as never, swapOut.blinded);
    const replay = await outputsFor([8, 4, 1]);
    expect((await call('POST', '/v1/swap', { inputs: proofs, outputs: replay.outputs })).json.code).toBe(11001);
    const ys = await Promise.all(
      [proofs[0]!, fresh[0]!].map((p) => hashToCurveHex(new TextEncoder().encode(p.secret))),
    );
    const states = (await call('POST', '/v1/checkstate', { Ys: ys })).json.states as Array<{ state: string }>;
    expect(states.map((s) => s.state)).toEqual(['SPENT', 'UNSPENT']);

    const bobInvoice = sb.ledger.createInvoice('bob', 10_000);
    const before = sb.ledger.balanceMsat('bob');
    const mq = await call('POST', '/v1/melt/quote/bolt11', { request: bobInvoice.bolt11, unit: 'sat' });
    expect(mq.json).toMatchObject({ amount: 10, fee_reserve: 0, state: 'UNPAID' });
    const change = await outputsFor([1, 1, 1]);
    const melted = await call('POST', '/v1/melt/bolt11', {
      quote: mq.json.quote,
      inputs: fresh,
      outputs: change.outputs,
    });
    expect(melted.json).toMatchObject({ state: 'PAID', payment_preimage: bobInvoice.preimage });
    expect((melted.json.change as Array<{ amount: number }>).map((c) => c.amount).sort()).toEqual([1, 2]);
    expect(sb.ledger.balanceMsat('bob')).toBe(before + 10_000);
  });

  it('answers bad input with {detail, code}', async () => {
    const bad: Array<[string, string, unknown]> = [
      ['POST', '/v1/mint/quote/bolt11', { amount: -3 }],
      ['POST', '/v1/mint/quote/bolt11', { amount: 5, unit: 'usd' }],
      ['POST', '/v1/mint/quote/bolt11', '{oops'],
      ['POST', '/v1/mint/quote/bolt11', [1, 2]],
      ['GET', '/v1/mint/quote/bolt11/nope', undefined],
      ['POST', '/v1/mint/bolt11', { quote: 'nope', outputs: [] }],
      ['POST', '/v1/melt/quote/bolt11', { request: 'lnbc1garbage' }],
      ['POST', '/v1/melt/bolt11', { quote: 'nope' }],
      ['POST', '/v1/swap', { inputs: 'x', outputs: [] }],
      [
        'POST',
        '/v1/swap',
        { inputs: [{ amount: 1, secret: 's', C: '02ab', id: 'x' }], outputs: [{ amount: 1, B_: 'zz' }] },
      ],
      ['POST', '/v1/checkstate', { Ys: 5 }],
      ['POST', '/v1/restore', { outputs: 'x' }],
      ['GET', '/v1/keys/00ffffffffffffff', undefined],
      ['GET', '/v1/nothing', undefined],
    ];
    for (const [method, path, body] of bad) {
      const r = await call(method, path, body);
      expect(r.status, path).toBeGreaterThanOrEqual(400);
      expect(typeof r.json.detail, path).toBe('string');
      expect(typeof r.json.code, path).toBe('number');
    }
    expect((await call('GET', '/v1/keysets')).status).toBe(200);
  });
});

describe('Cashu mint, legacy API of spec §7', () => {
  it("core's redeem melts a demo token into a ledger invoice; a second redeem fails and keeps the token", async () => {
    const token = await sb.issueToken(21, 'demo');
    const decoded = await decodeCashuToken(token);
    expect(decoded.amount).toBe(21);
    expect(decoded.entries[0]!.mint).toBe(sb.mintUrl);
    const check = await call('POST', '/check', { proofs: decoded.entries[0]!.proofs });
    expect(check.json.spendable).toEqual(decoded.entries[0]!.proofs.map(() => true));
    const before = sb.ledger.balanceMsat('carol');
    const createInvoice = async (sats: number) => sb.ledger.createInvoice('carol', sats * 1000).bolt11;
    const result = await redeemCashuToken(token, { createInvoice });
    expect(result.errors).toEqual([]);
    expect(sb.ledger.balanceMsat('carol')).toBe(before + 21_000);
    const spent = await call('POST', '/check', { proofs: decoded.entries[0]!.proofs });
    expect(spent.json.spendable).toEqual(decoded.entries[0]!.proofs.map(() => false));
    const second = await redeemCashuToken(token, { createInvoice });
    expect(second.redeemed).toEqual([]);
    expect(second.errors[0]!.message).toMatch(/spent/);
    expect(second.tokensWithErrors?.amount).toBe(21);
    expect(sb.ledger.balanceMsat('carol')).toBe(before + 21_000);
  });

  it('legacy mint, keys, split and bad input', async () => {
    const keys = await call('GET', '/keys');
    expect(Object.keys(keys.json)).toContain('1');
    const keysets = (await call('GET', '/keysets')).json.keysets as string[];
    expect((await call('GET', `/keys/${keysets[0]!.replace(/\//g, '_').replace(/\+/g, '-')}`)).status).toBe(200);
    const q = await call('GET', '/mint?amount=3');
    sb.ledger.pay('alice', String(q.json.pr));
    const out = await outputsFor([2, 1]);
    const minted = await call('POST', `/mint?hash=${q.json.hash}`, { outputs: out.outputs });
    const proofs = await unblind(minted.json.promises as never, out.blinded);
    const split = await outputsFor([1, 1, 1]);
    expect((await call('POST', '/split', { proofs, outputs: split.outputs })).json.promises).toHaveLength(3);
    const bad: Array<[string, string, unknown]> = [
      ['GET', '/mint?amount=abc', undefined],
      ['POST', '/mint?hash=nope', { outputs: [] }],
      ['POST', '/split', { proofs, outputs: split.outputs }],
      ['POST', '/melt', { pr: 'x', proofs: [] }],
      ['POST', '/checkfees', { pr: 42 }],
      ['POST', '/check', { proofs: 'x' }],
      ['POST', '/restore', '{'],
      ['GET', '/keys/unknown', undefined],
    ];
    for (const [method, path, body] of bad) {
      const r = await call(method, path, body);
      expect(r.status, path).toBe(400);
      expect(typeof r.json.detail, path).toBe('string');
    }
    const token = await call('POST', '/../sandbox/token', { amount: 0 });
    expect(token.status).toBeGreaterThanOrEqual(400);
  });
});
