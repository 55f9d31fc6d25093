// @tide/core/lightning: BOLT 11, LNURL-pay, zaps (NIP-57), NWC (NIP-47), WebLN, HTTP auth (NIP-98).

export * from './bolt11-amount.ts';
export * from './bolt11-decode.ts';
export * from './bolt11-encode.ts';
export * from './bolt11-expiry.ts';
export * from './http-auth.ts';
export * from './lnurl.ts';
export * from './nwc.ts';
export * from './webln.ts';
export * from './zap.ts';
export * from './zap-flow.ts';
export * from './zap-presets.ts';
export * from './zap-receipt.ts';
