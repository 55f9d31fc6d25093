import { decodeBolt11 } from '../lightning/bolt11-decode.ts';
import { startTestServer, type TestReply, type TestServer } from '../lightning/test-http-server.ts';
import type { BlindedMessageJson, BlindSignatureJson } from './mint-response.ts';
import { createMintSigner } from './mint-signer.ts';
import type { CashuProof } from './token.ts';

/** How a test mint behaves, chosen by the first path segment of the mint URL. */
export type TestMintMode = 'ok' | 'unpaid' | 'bad' | 'error' | 'detail' | 'bare';

/** A loopback Cashu mint speaking the legacy API of spec §7 with real blind signatures (tests only). */
export interface TestMint extends TestServer {
  keys: Record<string, string>;
  keysetId: string;
  /** Mint URL for a behaviour, e.g. `${origin}/ok`. */
  url(mode: TestMintMode): string;
  spent: Set<string>;
  fee: number;
  paidInvoices: string[];
}

const AMOUNTS = Array.from({ length: 12 }, (_, i) => 2 ** i);

/** Starts a test mint with a fee reserve of `fee` sats. */
export async function startTestMint(fee = 2): Promise<TestMint> {
  const signer = await createMintSigner('tide test mint', AMOUNTS);
  const { keys, keysetId } = signer;
  const spent = new Set<string>();
  const signed = new Map<string, BlindSignatureJson>();
  const paidInvoices: string[] = [];

  const sign = (o: BlindedMessageJson): BlindSignatureJson => {
    const promise = signer.sign(o);
    signed.set(o.B_, promise);
    return promise;
  };
  const valid = (p: CashuProof) => !spent.has(p.secret) && signer.verify(p);
  const splitAmount = (n: number) => AMOUNTS.filter((a) => n & a);

  const server = await startTestServer((req, origin): TestReply => {
    const url = new URL(req.url, origin);
    const [, mode, ...rest] = url.pathname.split('/') as [string, TestMintMode, ...string[]];
    const path = rest.join('/');
    const body = req.body ? (JSON.parse(req.body) as Record<string, unknown>) : {};
    if (mode === 'error') return { status: 400, json: { error: 'Lightning payment unsuccessful' } };
    if (mode === 'detail') return { status: 400, json: { detail: 'Token already spent.' } };
    if (mode === 'bare') return { status: 500, text: 'oops' };
    if (mode === 'bad') {
      const bad: Record<string, unknown> = {
        mint: { nope: [] },
        split: { promises: 'x' },
        melt: { paid: 'yes', preimage: null },
        checkfees: { fee: '2' },
        check: { spendable: null },
        restore: { outputs: [] },
      };
      return { json: bad[path.split('?')[0]!] ?? [] };
    }
    if (path === 'info') return { json: { name: 'tide test mint', version: 'test' } };
    if (path === 'keys' || path === `keys/${keysetId.replace(/\//g, '_').replace(/\+/g, '-')}`) return { json: keys };
    if (path === 'keysets') return { json: { keysets: [keysetId] } };
    if (path === 'mint' && req.method === 'POST') {
      return { json: { promises: (body.outputs as BlindedMessageJson[]).map(sign) } };
    }
    if (path === 'checkfees') return { json: { fee } };
    if (path === 'check') {
      return { json: { spendable: (body.proofs as Array<{ secret: string }>).map((p) => !spent.has(p.secret)) } };
    }
    if (path === 'restore') {
      const outputs = (body.outputs as BlindedMessageJson[]).filter((o) => signed.has(o.B_));
      return { json: { outputs, promises: outputs.map((o) => signed.get(o.B_)) } };
    }
    if (path === 'melt') {
      const proofs = body.proofs as CashuProof[];
      if (!proofs.every(valid)) return { status: 400, json: { detail: 'invalid proofs' } };
      const invoice = decodeBolt11(body.pr as string);
      const due = Number(invoice.amountSats) + fee;
      const total = proofs.reduce((s, p) => s + p.amount, 0);
      if (total < due) return { status: 400, json: { detail: 'not enough inputs' } };
      if (mode === 'unpaid') return { json: { paid: false, preimage: null } };
      for (const p of proofs) spent.add(p.secret);
      paidInvoices.push(body.pr as string);
      // The whole fee reserve is unused in this mint: return it (and any overpayment) as change.
      const outputs = body.outputs as BlindedMessageJson[];
      const change = splitAmount(total - Number(invoice.amountSats))
        .reverse()
        .slice(0, outputs.length)
        .map((amount, i) => sign({ ...outputs[i]!, amount }));
      return { json: { paid: true, preimage: '00'.repeat(32), change } };
    }
    return { status: 404, json: { detail: `no route ${path}` } };
  });
  return { ...server, keys, keysetId, url: (mode) => `${server.origin}/${mode}`, spent, fee, paidInvoices };
}
