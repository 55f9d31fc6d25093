import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from './sandbox.ts';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb?.close());

const PATHS = [
  '/',
  '/.well-known/lnurlp/',
  '/.well-known/lnurlp/alice/extra',
  '/.well-known/lnurlp/%E0%A4%A',
  '/lnurlp/alice/callback?amount=99999999999999999999',
  '/lnurlp/alice/callback?amount=1000&nostr=null',
  '/lnurlp/alice/callback?amount=1000&nostr=%5B%5D',
  '/ledger/alice/invoice',
  '/ledger/alice/pay',
  '/ledger/alice/balance',
  '/webln/alice/pay',
  '/webln/alice/info',
  '/mint/v1/mint/bolt11',
  '/mint/v1/melt/bolt11',
  '/mint/v1/swap',
  '/mint/v1/checkstate',
  '/mint/v1/restore',
  '/mint/v1/mint/quote/bolt11',
  '/mint/mint?amount=',
  '/mint/split',
  '/mint/melt',
  '/mint/check',
  '/mint/checkfees',
  '/mint/restore',
  '/sandbox/token',
];
const BODIES: Array<string | undefined> = [
  undefined,
  '',
  '{',
  'null',
  '[]',
  '"text"',
  '42',
  '{"amount":"1e400","outputs":[{"amount":-1,"B_":5}],"inputs":[null],"proofs":[{}],"pr":null,"invoice":{},"quote":[]}',
  `{"sats":1e20,"amountSats":0.5,"Ys":[1,2],"outputs":${JSON.stringify(Array.from({ length: 3 }, () => ({ amount: 1, B_: 'zz' })))}}`,
];

/** Which error shape a path's protocol uses. */
function errorShape(path: string): 'lnurl' | 'cashu' | 'wallet' | 'any' {
  if (path.startsWith('/.well-known') || path.startsWith('/lnurlp')) return 'lnurl';
  if (path.startsWith('/mint') || path.startsWith('/sandbox')) return 'cashu';
  if (path.startsWith('/ledger') || path.startsWith('/webln')) return 'wallet';
  return 'any';
}

describe('bad input to every endpoint', () => {
  it("gets the protocol's error as JSON, never a crash or a 500", async () => {
    for (const path of PATHS) {
      for (const method of ['GET', 'POST', 'PUT']) {
        for (const body of method === 'GET' ? [undefined] : BODIES) {
          const res = await fetch(`${sb.origin}${path}`, {
            method,
            headers: { 'content-type': 'application/json' },
            ...(body === undefined ? {} : { body }),
          });
          const where = `${method} ${path} ${body}`;
          expect(res.status, where).toBeLessThan(500);
          const json = (await res.json()) as Record<string, unknown>;
          if (res.status < 400 && json.status !== 'ERROR') continue;
          const shape = errorShape(path);
          if (shape === 'lnurl') expect(json, where).toMatchObject({ status: 'ERROR', reason: expect.any(String) });
          if (shape === 'cashu') expect(json, where).toMatchObject({ detail: expect.any(String) });
          if (shape === 'wallet') expect(json.error ?? json.reason, where).toEqual(expect.any(String));
        }
      }
    }
    // Still serving, balances untouched by the garbage (the PUT/POST balance bodies were all invalid).
    expect((await fetch(`${sb.origin}/.well-known/lnurlp/alice`)).status).toBe(200);
    expect(sb.ledger.balanceMsat('alice')).toBe(100_000_000);
  });
});
