// @tide/core/ecash: Cashu tokens, mint client, wallet and redeeming (heavy crypto from @cashu/cashu-ts, lazily).
export * from './blank-outputs.ts';
export * from './crypto.ts';
export * from './deterministic.ts';
export * from './load-cashu.ts';
export * from './mint-client.ts';
export * from './mint-response.ts';
export * from './mint-signer.ts';
export * from './mnemonic.ts';
export * from './redeem.ts';
export * from './token.ts';
export * from './wallet.ts';
