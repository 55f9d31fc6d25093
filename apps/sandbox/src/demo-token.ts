import { blindSecret, type CashuProof, encodeCashuTokenV3, randomSecret, unblindSignature } from '@tide/core/ecash';
import type { Route } from './http.ts';
import { type MintCore, MintError, splitAmount } from './mint-core.ts';

/** Issues a fresh cashuA token of `amount` sats from the sandbox mint (as if a wallet had minted it). */
export async function issueDemoToken(core: MintCore, mintUrl: string, amount: number, memo?: string): Promise<string> {
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > 2 ** 21)
    throw new MintError(11006, 'Amount outside of limit range');
  const proofs: CashuProof[] = [];
  for (const a of splitAmount(amount)) {
    const secret = randomSecret();
    const blinded = await blindSecret(secret);
    const sig = core.signer.sign({ amount: a, B_: blinded.B_, id: core.signer.keysetId });
    const C = await unblindSignature(sig.C_, blinded.r, core.signer.keys[String(a)]!);
    proofs.push({ id: core.signer.keysetId, amount: a, secret, C });
  }
  return encodeCashuTokenV3({ entries: [{ mint: mintUrl, proofs }], unit: 'sat', ...(memo ? { memo } : {}) });
}

/** POST /sandbox/token {amount, memo?} → {token}: a demo ecash token for e2e and manual tries. */
export function demoTokenRoute(core: MintCore, mintUrl: () => string): Route {
  return async (req) => {
    if (req.method !== 'POST' || req.parts.join('/') !== 'sandbox/token') return undefined;
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    try {
      return {
        json: {
          token: await issueDemoToken(
            core,
            mintUrl(),
            Number(body.amount),
            typeof body.memo === 'string' ? body.memo : undefined,
          ),
        },
      };
    } catch (e) {
      return { status: 400, json: { detail: (e as Error).message, code: e instanceof MintError ? e.code : 10000 } };
    }
  };
}
