import { parseNwcUri } from '@tide/core/lightning';
import { createStore } from 'zustand/vanilla';

/** One connected NWC wallet: its name and its connection string (holds a secret: never log or show it). */
export interface NwcWallet {
  name: string;
  uri: string;
}

/** The user's connected wallets and the active one (the one zaps and payments use). */
export interface WalletState {
  wallets: NwcWallet[];
  /** Name of the active wallet, or null. */
  active: string | null;
  /** True once the list was read from the account (or there is nothing to read). */
  loaded: boolean;
  set: (wallets: NwcWallet[], active: string | null) => void;
}

/** The page's wallet list (one per page; the settings section and the payment code share it). */
export const walletStore = createStore<WalletState>()((set) => ({
  wallets: [],
  active: null,
  loaded: false,
  set: (wallets, active) =>
    set({
      wallets,
      active: wallets.some((w) => w.name === active) ? active : (wallets[0]?.name ?? null),
      loaded: true,
    }),
}));

/** The active wallet's connection string, or null. */
export function activeWalletUri(state: WalletState = walletStore.getState()): string | null {
  return state.wallets.find((w) => w.name === state.active)?.uri ?? null;
}

/** Checks a pasted connection string; returns the trimmed string or null when it is not a valid NWC string. */
export function checkNwcUri(text: string): string | null {
  try {
    parseNwcUri(text);
    return text.trim();
  } catch {
    return null;
  }
}

/** Adds a wallet (a taken name gets ' 2', ' 3'…); the first wallet becomes the active one. */
export function withWallet(wallets: NwcWallet[], name: string, uri: string): NwcWallet[] {
  const base = name.trim() || 'Wallet';
  let unique = base;
  for (let n = 2; wallets.some((w) => w.name === unique); n++) unique = `${base} ${n}`;
  return [...wallets, { name: unique, uri }];
}
