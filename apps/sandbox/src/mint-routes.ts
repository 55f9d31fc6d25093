import { BAD_JSON, type Route, type SandboxReply, type SandboxRequest } from './http.ts';
import { type MeltQuote, type MintCore, MintError, type MintQuote } from './mint-core.ts';

const urlSafe = (id: string) => id.replace(/\//g, '_').replace(/\+/g, '-');

/** The mint's NUT-06 info. */
function info(core: MintCore) {
  return {
    name: 'Tide sandbox mint',
    version: 'tide-sandbox/0.1',
    description: 'Loopback Cashu mint backed by the Tide lightning sandbox (no real money).',
    nuts: {
      4: { methods: [{ method: 'bolt11', unit: 'sat', min_amount: 1, max_amount: 2 ** 21 }], disabled: false },
      5: { methods: [{ method: 'bolt11', unit: 'sat' }], disabled: false },
      7: { supported: true },
      8: { supported: true },
      9: { supported: true },
    },
    keyset: core.signer.keysetId,
  };
}

type Body = Record<string, unknown>;

function bodyOf(req: SandboxRequest): Body {
  if (req.body === BAD_JSON) throw new MintError(10000, 'Request body is not JSON');
  if (req.body === undefined) return {};
  if (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body)) {
    throw new MintError(10000, 'Request body must be a JSON object');
  }
  return req.body as Body;
}

/** Cashu mint routes under `/mint`: the current /v1 API (NUT-00…07, 09) and the legacy API of spec §7. */
export function mintRoutes(core: MintCore): Route {
  const mintQuoteJson = (q: MintQuote) => {
    const state = core.mintQuoteState(q);
    return {
      quote: q.quote,
      request: q.request,
      amount: q.amount,
      unit: 'sat',
      state,
      paid: state !== 'UNPAID',
      expiry: q.expiry,
    };
  };
  const meltQuoteJson = (q: MeltQuote) => ({
    quote: q.quote,
    request: q.request,
    amount: q.amount,
    unit: 'sat',
    fee_reserve: q.fee_reserve,
    state: q.paid ? 'PAID' : 'UNPAID',
    paid: q.paid,
    expiry: q.expiry,
    payment_preimage: q.preimage,
  });
  const keyset = { id: core.signer.keysetId, unit: 'sat', keys: core.signer.keys };

  const v1 = async (req: SandboxRequest, path: string[]): Promise<SandboxReply | undefined> => {
    const [a, b, c] = path;
    const get = req.method === 'GET';
    const post = req.method === 'POST';
    if (get && a === 'info' && !b) return { json: info(core) };
    if (get && a === 'keys' && !b) return { json: { keysets: [keyset] } };
    if (get && a === 'keys' && b) {
      if (b !== core.signer.keysetId) throw new MintError(12001, 'Keyset is not known');
      return { json: { keysets: [keyset] } };
    }
    if (get && a === 'keysets') {
      return { json: { keysets: [{ id: core.signer.keysetId, unit: 'sat', active: true, input_fee_ppk: 0 }] } };
    }
    if (a === 'mint' && b === 'quote' && c === 'bolt11') {
      const id = path[3];
      if (post && !id) {
        const body = bodyOf(req);
        if (body.unit !== undefined && body.unit !== 'sat') throw new MintError(11005, 'Unit is not supported');
        return { json: mintQuoteJson(core.mintQuote(body.amount)) };
      }
      if (get && id) {
        const q = core.mintQuotes.get(id);
        if (!q) throw new MintError(20004, 'Quote not found');
        return { json: mintQuoteJson(q) };
      }
    }
    if (post && a === 'mint' && b === 'bolt11') {
      const body = bodyOf(req);
      return { json: { signatures: core.mint(body.quote, body.outputs) } };
    }
    if (a === 'melt' && b === 'quote' && c === 'bolt11') {
      const id = path[3];
      if (post && !id) {
        const body = bodyOf(req);
        if (body.unit !== undefined && body.unit !== 'sat') throw new MintError(11005, 'Unit is not supported');
        return { json: meltQuoteJson(core.meltQuote(body.request)) };
      }
      if (get && id) {
        const q = core.meltQuotes.get(id);
        if (!q) throw new MintError(20004, 'Quote not found');
        return { json: meltQuoteJson(q) };
      }
    }
    if (post && a === 'melt' && b === 'bolt11') {
      const body = bodyOf(req);
      const q = core.meltQuotes.get(String(body.quote));
      if (!q) throw new MintError(20004, 'Quote not found');
      const change = await core.melt(q, body.inputs, body.outputs);
      return { json: { ...meltQuoteJson(q), change } };
    }
    if (post && a === 'swap') {
      const body = bodyOf(req);
      return { json: { signatures: await core.swap(body.inputs, body.outputs) } };
    }
    if (post && a === 'checkstate') {
      const ys = bodyOf(req).Ys;
      if (!Array.isArray(ys) || !ys.every((y) => typeof y === 'string'))
        throw new MintError(10000, 'Ys must be a list');
      return {
        json: { states: ys.map((Y) => ({ Y, state: core.spentY.has(Y) ? 'SPENT' : 'UNSPENT', witness: null })) },
      };
    }
    if (post && a === 'restore') {
      const r = core.restore(bodyOf(req).outputs);
      return { json: { outputs: r.outputs, signatures: r.signatures, promises: r.signatures } };
    }
    return undefined;
  };

  const legacy = async (req: SandboxRequest, path: string[]): Promise<SandboxReply | undefined> => {
    const [a, b] = path;
    const get = req.method === 'GET';
    const post = req.method === 'POST';
    if (get && a === 'info') return { json: info(core) };
    if (get && a === 'keys' && !b) return { json: core.signer.keys };
    if (get && a === 'keys' && b) {
      if (b !== urlSafe(core.signer.keysetId)) throw new MintError(12001, 'Keyset is not known');
      return { json: core.signer.keys };
    }
    if (get && a === 'keysets') return { json: { keysets: [core.signer.keysetId] } };
    if (get && a === 'mint') {
      const amount = Number(req.url.searchParams.get('amount'));
      const q = core.mintQuote(amount);
      return { json: { pr: q.request, hash: q.quote } };
    }
    if (post && a === 'mint') {
      return { json: { promises: core.mint(req.url.searchParams.get('hash'), bodyOf(req).outputs) } };
    }
    if (post && a === 'split') {
      const body = bodyOf(req);
      return { json: { promises: await core.swap(body.proofs, body.outputs) } };
    }
    if (post && a === 'checkfees') {
      core.meltQuote(bodyOf(req).pr);
      return { json: { fee: 0 } };
    }
    if (post && a === 'melt') {
      const body = bodyOf(req);
      const q = core.meltQuote(body.pr);
      const change = await core.melt(q, body.proofs, body.outputs);
      return { json: { paid: true, preimage: q.preimage, change } };
    }
    if (post && a === 'check') {
      const proofs = bodyOf(req).proofs;
      if (!Array.isArray(proofs) || !proofs.every((p) => typeof p?.secret === 'string')) {
        throw new MintError(10000, 'Invalid proofs');
      }
      const ys = await Promise.all(proofs.map((p) => core.y(p.secret)));
      return { json: { spendable: ys.map((y) => !core.spentY.has(y)) } };
    }
    if (post && a === 'restore') {
      const r = core.restore(bodyOf(req).outputs);
      return { json: { outputs: r.outputs, promises: r.signatures } };
    }
    return undefined;
  };

  return async (req) => {
    if (req.parts[0] !== 'mint') return undefined;
    const rest = req.parts.slice(1);
    try {
      const reply = rest[0] === 'v1' ? await v1(req, rest.slice(1)) : await legacy(req, rest);
      return reply ?? { status: 404, json: { detail: 'No such mint endpoint', code: 10000 } };
    } catch (e) {
      if (e instanceof MintError) return { status: 400, json: { detail: e.message, code: e.code } };
      return { status: 400, json: { detail: (e as Error).message || 'Mint error', code: 10000 } };
    }
  };
}
