import { type CacheStatus, makeAppId } from '@tide/core/cache';
import { createStore } from 'zustand/vanilla';
import type { ActivityState } from '../data/app-activity.ts';

/** How the user signed in: a private key (nsec), the signer extension (NIP-07), a remote signer (NIP-46), or a public key only (browse-only). */
export type SignInMethod = 'nsec' | 'extension' | 'nip46' | 'npub';

/**
 * Who is signed in, as the app may show it (devMode puts this on `window.tide`): public data only. The signer that
 * holds a secret key lives in the session controller (`session-controller.ts`), never here.
 */
export interface SessionAccount {
  /** The signed-in user's public key (hex); null for a guest. */
  publicKey: string | null;
  /** How the user signed in; null for a guest. */
  method: SignInMethod | null;
  /** True while a signer can sign now (a key in memory, or the extension). */
  canSign: boolean;
  /** True while a PIN-protected key is stored but not unlocked in this page load. */
  pinLocked: boolean;
  /** True while the Enter PIN dialog is asked for (at start with a stored key, or when an action needs the key). */
  pinPromptOpen: boolean;
  /** True once the start-up key lookup (stored key, extension) is over (spec §4: settings wait for it). */
  keyLookupDone: boolean;
}

/** The signed-in user's membership tier (spec §4): `unknown` until the sign-in lookup answered (or when it failed). */
export type MembershipTier = 'unknown' | 'none' | 'premium' | 'premium-legend';

/** Who is using the app and how the app reaches its data. */
export interface SessionState extends SessionAccount {
  /** The signed-in user's tier, looked up at sign-in without signing (data/membership-tier.ts is the only writer). */
  membershipTier: MembershipTier;
  setMembershipTier: (tier: MembershipTier) => void;
  /** Session id `web_<version>_<random>` of this page load. */
  appId: string;
  /** Replaces some of the account fields (the session controller is the only writer). */
  setAccount: (account: Partial<SessionAccount>) => void;
  /** Caching-service status; `idle` until a screen needs data. */
  cacheStatus: CacheStatus;
  setCacheStatus: (status: CacheStatus) => void;
  /** App activity (spec §4): woke, sleep after 5 minutes without activity, waking for 36 s after it resumes. */
  activity: ActivityState;
  setActivity: (activity: ActivityState) => void;
}

/** A guest: no key, nothing to unlock, lookup not done yet. */
export const GUEST_ACCOUNT: SessionAccount = {
  publicKey: null,
  method: null,
  canSign: false,
  pinLocked: false,
  pinPromptOpen: false,
  keyLookupDone: false,
};

/** Builds the session store for one page load, starting from `account` (what localStorage remembered). */
export function createSessionStore(version: string, account: Partial<SessionAccount> = {}) {
  return createStore<SessionState>()((set) => ({
    appId: makeAppId(version),
    ...GUEST_ACCOUNT,
    ...account,
    setAccount: (next) => set(next),
    membershipTier: 'unknown',
    setMembershipTier: (membershipTier) => set({ membershipTier }),
    cacheStatus: 'idle',
    setCacheStatus: (cacheStatus) => set({ cacheStatus }),
    activity: 'woke',
    setActivity: (activity) => set({ activity }),
  }));
}

/** The session store type. */
export type SessionStore = ReturnType<typeof createSessionStore>;
