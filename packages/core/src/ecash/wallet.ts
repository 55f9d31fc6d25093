import { blankOutputCount } from './blank-outputs.ts';
import { blindSecret, keysetIdOf, randomSecret, unblindSignature } from './crypto.ts';
import { deriveDeterministic } from './deterministic.ts';
import type { MintClient, MintKeys } from './mint-client.ts';
import type { BlindedMessageJson, BlindSignatureJson } from './mint-response.ts';
import { isValidMnemonic, mnemonicToWalletSeed } from './mnemonic.ts';
import type { CashuProof } from './token.ts';

/** The mint client's messages (spec §8), exactly. */
export const WalletError = {
  NotEnoughFunds: 'Not enough funds available',
  NoSeed:
    'Cannot create deterministic messages without seed. Instantiate CashuWallet with a mnemonic, or omit counter param.',
  RestoreNeedsMnemonic: 'CashuWallet must be initialized with mnemonic to use restore',
  InvalidMnemonic: 'Tried to instantiate with mnemonic, but mnemonic was invalid',
} as const;

/** An output before it goes to the mint, with what is needed to unblind its signature. */
export interface OutputData {
  message: BlindedMessageJson;
  secret: string;
  r: bigint;
}

/** Result of paying an invoice with ecash. */
export interface MeltResult {
  paid: boolean;
  preimage: string | null;
  /** Proofs returned as change for an unused fee reserve. */
  change: CashuProof[];
  /** Proofs that were not needed for this payment (kept by the caller). */
  keep: CashuProof[];
}

/** A wallet over one mint and one keyset (legacy Cashu API of spec §7). */
export class CashuWallet {
  readonly mint: MintClient;
  private keys: MintKeys | undefined;
  private keysetId: string | undefined;
  private readonly seed: Uint8Array | undefined;

  constructor(mint: MintClient, options: { keys?: MintKeys; keysetId?: string; mnemonic?: string } = {}) {
    this.mint = mint;
    this.keys = options.keys;
    this.keysetId = options.keysetId;
    if (options.mnemonic !== undefined) {
      if (!isValidMnemonic(options.mnemonic)) throw new Error(WalletError.InvalidMnemonic);
      this.seed = mnemonicToWalletSeed(options.mnemonic);
    }
  }

  /** The mint's keys and keyset id (fetched once). */
  async getKeys(): Promise<{ keys: MintKeys; keysetId: string }> {
    this.keys ??= await this.mint.getKeys();
    this.keysetId ??= await keysetIdOf(this.keys);
    return { keys: this.keys, keysetId: this.keysetId };
  }

  /** Blinded outputs for `amounts`; deterministic (NUT-13) from `counter` on, which needs a mnemonic. */
  async createOutputs(amounts: readonly number[], counter?: number): Promise<OutputData[]> {
    if (counter !== undefined && !this.seed) throw new Error(WalletError.NoSeed);
    const { keysetId } = await this.getKeys();
    const out: OutputData[] = [];
    for (let i = 0; i < amounts.length; i++) {
      const pair =
        counter !== undefined && this.seed ? await deriveDeterministic(this.seed, keysetId, counter + i) : undefined;
      const blinded = await blindSecret(pair?.secret ?? randomSecret(), pair?.r);
      out.push({
        message: { amount: amounts[i]!, B_: blinded.B_, id: keysetId },
        secret: blinded.secret,
        r: blinded.r,
      });
    }
    return out;
  }

  /** NUT-08 blank outputs for a fee reserve: ceil(log2(fee)) outputs, at least 1. */
  createBlankOutputs(feeReserve: number): Promise<OutputData[]> {
    return this.createOutputs(Array(blankOutputCount(feeReserve)).fill(1));
  }

  /** Turns the mint's promises for `outputs` (matched by position) into proofs. */
  async unblind(promises: readonly BlindSignatureJson[], outputs: readonly OutputData[]): Promise<CashuProof[]> {
    const { keys } = await this.getKeys();
    const proofs: CashuProof[] = [];
    for (let i = 0; i < promises.length; i++) {
      const p = promises[i]!;
      const o = outputs[i];
      const key = keys[String(p.amount)];
      if (!o || !key) throw new Error('bad response');
      proofs.push({ id: p.id, amount: p.amount, secret: o.secret, C: await unblindSignature(p.C_, o.r, key) });
    }
    return proofs;
  }

  /** Picks proofs covering `amount` (largest first); throws 'Not enough funds available'. */
  selectProofs(proofs: readonly CashuProof[], amount: number): { send: CashuProof[]; keep: CashuProof[] } {
    const total = proofs.reduce((s, p) => s + p.amount, 0);
    if (total < amount) throw new Error(WalletError.NotEnoughFunds);
    // Largest first without overshooting, then the smallest single proof that closes the gap (or more if needed).
    const rest = [...proofs].sort((a, b) => b.amount - a.amount);
    const send: CashuProof[] = [];
    let sum = 0;
    for (let i = 0; i < rest.length && sum < amount; ) {
      if (sum + rest[i]!.amount <= amount) {
        sum += rest[i]!.amount;
        send.push(...rest.splice(i, 1));
      } else i++;
    }
    while (sum < amount) {
      const gap = amount - sum;
      const idx = rest.findLastIndex((p) => p.amount >= gap);
      const [p] = rest.splice(idx === -1 ? 0 : idx, 1);
      sum += p!.amount;
      send.push(p!);
    }
    const keep = rest;
    return { send, keep };
  }

  /** Pays an invoice of `amount` sats plus the fee reserve with proofs (melt), unblinding the change. */
  async payLnInvoice(
    invoice: string,
    proofs: readonly CashuProof[],
    amount: number,
    feeReserve?: number,
  ): Promise<MeltResult> {
    const fee = feeReserve ?? (await this.mint.checkFees({ pr: invoice })).fee;
    const { send, keep } = this.selectProofs(proofs, amount + fee);
    const outputs = await this.createBlankOutputs(fee);
    const res = await this.mint.melt({ pr: invoice, proofs: send, outputs: outputs.map((o) => o.message) });
    const change = res.paid && res.change.length > 0 ? await this.unblind(res.change, outputs) : [];
    return { paid: res.paid, preimage: res.preimage, change, keep: res.paid ? keep : [...send, ...keep] };
  }

  /** NUT-09/13 restore of `count` deterministic outputs from `start`; needs a mnemonic. */
  async restore(start: number, count: number): Promise<CashuProof[]> {
    if (!this.seed) throw new Error(WalletError.RestoreNeedsMnemonic);
    const outputs = await this.createOutputs(Array(count).fill(0), start);
    const res = await this.mint.restore({ outputs: outputs.map((o) => o.message) });
    const matched = res.outputs.map((m) => outputs.find((o) => o.message.B_ === m.B_));
    if (matched.some((m) => m === undefined)) throw new Error('bad response');
    return this.unblind(res.promises, matched as OutputData[]);
  }
}
