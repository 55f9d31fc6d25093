// The remote signer (NIP-46) and its URL parsing, loaded in their own chunk only when someone signs in with one.
export { Nip46Signer, parseBunkerUrl } from '@tide/core/signers';
