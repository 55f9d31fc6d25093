import {
  BAD_RESPONSE,
  type BlindedMessageJson,
  type BlindSignatureJson,
  checkFeesResponse,
  checkMeltResponse,
  checkPromisesResponse,
  checkRestoreResponse,
  checkSpendableResponse,
} from './mint-response.ts';
import type { CashuProof } from './token.ts';

/** A `fetch`-compatible function (injectable). */
export type MintFetch = (input: string, init?: RequestInit) => Promise<Response>;

/** Public keys of a keyset: amount → compressed point hex. */
export type MintKeys = Record<string, string>;

/** Keyset ids in a keyset path segment: `/` becomes `_`, `+` becomes `-` (base64 ids are URL-unsafe). */
export function keysetIdForUrl(keysetId: string): string {
  return keysetId.replace(/\//g, '_').replace(/\+/g, '-');
}

/**
 * HTTP client of a Cashu mint (the API of spec §7): base is the mint URL; JSON body, JSON content type and an Accept
 * header; on a non-OK answer the body's `error` or `detail` is the message, else 'bad response'.
 */
export class MintClient {
  /** The mint URL without a trailing slash. */
  readonly mintUrl: string;
  private readonly fetchFn: MintFetch;

  constructor(mintUrl: string, fetchFn: MintFetch = (input, init) => globalThis.fetch(input, init)) {
    this.mintUrl = mintUrl.replace(/\/+$/, '');
    this.fetchFn = fetchFn;
  }

  private async request(path: string, method: 'GET' | 'POST' = 'GET', body?: unknown): Promise<unknown> {
    const init: RequestInit = {
      method,
      headers: { Accept: 'application/json, text/plain, */*', 'Content-Type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    };
    const res = await this.fetchFn(`${this.mintUrl}/${path}`, init);
    let data: unknown;
    try {
      data = await res.json();
    } catch {
      data = undefined;
    }
    if (!res.ok) {
      const d = (typeof data === 'object' && data !== null ? data : {}) as { error?: unknown; detail?: unknown };
      const message = d.error || d.detail;
      throw new Error(typeof message === 'string' ? message : BAD_RESPONSE);
    }
    if (data === undefined) throw new Error(BAD_RESPONSE);
    return data;
  }

  /** GET info. */
  getInfo(): Promise<unknown> {
    return this.request('info');
  }

  /** GET mint?amount=: asks for an invoice to mint `amount` (answer passed through). */
  requestMint(amount: number): Promise<unknown> {
    return this.request(`mint?amount=${encodeURIComponent(amount)}`);
  }

  /** POST mint?hash=: blinded outputs for a paid invoice; answer must carry promises. */
  async mint(outputs: BlindedMessageJson[], hash: string): Promise<{ promises: BlindSignatureJson[] }> {
    return checkPromisesResponse(await this.request(`mint?hash=${encodeURIComponent(hash)}`, 'POST', { outputs }));
  }

  /** GET keys, or keys/{keysetId} with the id made URL-safe. */
  async getKeys(keysetId?: string): Promise<MintKeys> {
    const data = await this.request(keysetId ? `keys/${keysetIdForUrl(keysetId)}` : 'keys');
    if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new Error(BAD_RESPONSE);
    return data as MintKeys;
  }

  /** GET keysets. */
  async getKeySets(): Promise<{ keysets: string[] }> {
    const data = (await this.request('keysets')) as { keysets?: unknown };
    if (!Array.isArray(data?.keysets)) throw new Error(BAD_RESPONSE);
    return { keysets: data.keysets as string[] };
  }

  /** POST split: proofs in, blinded outputs in; answer must carry promises. */
  async split(payload: {
    proofs: CashuProof[];
    outputs: BlindedMessageJson[];
  }): Promise<{ promises: BlindSignatureJson[] }> {
    return checkPromisesResponse(await this.request('split', 'POST', payload));
  }

  /** POST melt: pay `pr` with proofs, blank outputs for change; answer needs boolean paid and preimage null|string. */
  async melt(payload: { pr: string; proofs: CashuProof[]; outputs: BlindedMessageJson[] }) {
    return checkMeltResponse(await this.request('melt', 'POST', payload));
  }

  /** POST checkfees: the fee reserve for paying `pr`; answer needs a numeric fee. */
  async checkFees(payload: { pr: string }): Promise<{ fee: number }> {
    return checkFeesResponse(await this.request('checkfees', 'POST', payload));
  }

  /** POST check: which proofs (by secret) are still spendable; answer needs a spendable list. */
  async check(payload: { proofs: Array<{ secret: string }> }): Promise<{ spendable: boolean[] }> {
    return checkSpendableResponse(await this.request('check', 'POST', payload));
  }

  /** POST restore: deterministic outputs in; answer needs outputs and promises lists. */
  async restore(payload: { outputs: BlindedMessageJson[] }) {
    return checkRestoreResponse(await this.request('restore', 'POST', payload));
  }
}
