export * from './local-signer.ts';
export * from './nip07-signer.ts';
export * from './nip46-signer.ts';
export * from './nip46-uri.ts';
export * from './pin-vault.ts';
export * from './signer.ts';
