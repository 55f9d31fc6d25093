import { deriveSecretKey, publicKeyOf, secretKeyHex } from './signer.ts';

/** A demo account with a fixed, publicly known secret key (for `npm start` and e2e log-ins). */
export interface DemoAccount {
  name: string;
  displayName: string;
  /** 64-hex secret key. Demo data only: never use these keys for anything real. */
  secretKeyHex: string;
  pubkey: string;
}

interface FixedAccount {
  label: string;
  name: string;
  displayName: string;
}

const DEFAULT_ACCOUNT: FixedAccount = { label: 'default-account', name: 'tide', displayName: 'Tide' };

const DEMO: readonly FixedAccount[] = [
  { label: 'demo-alice', name: 'alice', displayName: 'Alice Demo' },
  { label: 'demo-bob', name: 'bob', displayName: 'Bob Demo' },
  { label: 'demo-carol', name: 'carol', displayName: 'Carol Demo' },
];

function toAccount(a: FixedAccount): DemoAccount {
  const sk = deriveSecretKey(a.label);
  return { name: a.name, displayName: a.displayName, secretKeyHex: secretKeyHex(sk), pubkey: publicKeyOf(sk) };
}

/** The seed's first popular account: the guest/default account (protocol §1.6) of our server. */
export const DEFAULT_ACCOUNT_INFO: DemoAccount = toAccount(DEFAULT_ACCOUNT);

/** Pubkey of the default account used for guests. */
export const DEFAULT_ACCOUNT_PUBKEY: string = DEFAULT_ACCOUNT_INFO.pubkey;

/** The three demo accounts (alice, bob, carol), independent of the seed. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = DEMO.map(toAccount);

/** Key label of the zapper (LNURL server) that signs seeded zap receipts (kind 9735). */
export const ZAPPER_KEY_LABEL = 'sandbox-zapper';
/** Pubkey that signs seeded zap receipts: an LNURL server serving the demo lud16s should announce it as `nostrPubkey`. */
export const ZAPPER_PUBKEY: string = publicKeyOf(deriveSecretKey(ZAPPER_KEY_LABEL));
/** Key label of the lightning node that signs seeded bolt11 invoices. */
export const LIGHTNING_NODE_KEY_LABEL = 'sandbox-node';

/** Fixed labels for the first four users (default account, then the demo accounts). */
export const FIXED_ACCOUNTS: readonly FixedAccount[] = [DEFAULT_ACCOUNT, ...DEMO];
