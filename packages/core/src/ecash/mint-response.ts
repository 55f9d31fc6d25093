/** The message for an invalid mint response (spec §8). */
export const BAD_RESPONSE = 'bad response';

function obj(data: unknown): Record<string, unknown> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new Error(BAD_RESPONSE);
  return data as Record<string, unknown>;
}

/** One blind signature ("promise") from a mint. */
export interface BlindSignatureJson {
  id: string;
  amount: number;
  C_: string;
}

/** A blinded message sent to a mint. */
export interface BlindedMessageJson {
  amount: number;
  B_: string;
  id?: string;
}

/** Mint and split answers must carry a `promises` list. */
export function checkPromisesResponse(data: unknown): { promises: BlindSignatureJson[] } {
  const d = obj(data);
  if (!Array.isArray(d.promises)) throw new Error(BAD_RESPONSE);
  return { promises: d.promises as BlindSignatureJson[] };
}

/** Melt answers need a boolean `paid` and a `preimage` that is null or a string (`change` optional). */
export function checkMeltResponse(data: unknown): {
  paid: boolean;
  preimage: string | null;
  change: BlindSignatureJson[];
} {
  const d = obj(data);
  if (typeof d.paid !== 'boolean' || (d.preimage !== null && typeof d.preimage !== 'string')) {
    throw new Error(BAD_RESPONSE);
  }
  return { paid: d.paid, preimage: d.preimage as string | null, change: Array.isArray(d.change) ? d.change : [] };
}

/** Checkfees answers need a numeric `fee`. */
export function checkFeesResponse(data: unknown): { fee: number } {
  const d = obj(data);
  if (typeof d.fee !== 'number') throw new Error(BAD_RESPONSE);
  return { fee: d.fee };
}

/** Check answers need a `spendable` list. */
export function checkSpendableResponse(data: unknown): { spendable: boolean[] } {
  const d = obj(data);
  if (!Array.isArray(d.spendable)) throw new Error(BAD_RESPONSE);
  return { spendable: d.spendable as boolean[] };
}

/** Restore answers need `outputs` and `promises` lists. */
export function checkRestoreResponse(data: unknown): { outputs: BlindedMessageJson[]; promises: BlindSignatureJson[] } {
  const d = obj(data);
  if (!Array.isArray(d.outputs) || !Array.isArray(d.promises)) throw new Error(BAD_RESPONSE);
  return { outputs: d.outputs as BlindedMessageJson[], promises: d.promises as BlindSignatureJson[] };
}
