// Everything the session needs from the signers (secp256k1, AES, PBKDF2) and NIP-19, loaded in one chunk on first use.
export { tryDecodeNip19 } from '@tide/core/nostr';
export { findNostrExtension, LocalSigner, Nip07Signer, PinVault, SignerError } from '@tide/core/signers';
export { browserDeviceKeyVault } from './device-key-vault.ts';
