// @tide/core/lightning: BOLT 11, LNURL-pay, zaps (NIP-57), NWC (NIP-47), WebLN, HTTP auth (NIP-98).
export * from './bolt11-encode.ts';
