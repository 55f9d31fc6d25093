// Wallets and zaps (issue 16): everything here loads on first use; screens import it with `import()`.

export { keepTokensWithErrors, readKeptTokens, removeKeptToken, TOKENS_WITH_ERRORS_KEY } from './kept-tokens.ts';
export { KeptTokensSection } from './kept-tokens-section.tsx';
export { activeWalletUri, checkNwcUri, type NwcWallet, walletStore, withWallet } from './wallet-store.ts';
export { loadWallets, saveWallets } from './wallet-sync.ts';
export { payInvoice, type ZapTarget, zap } from './zap-actions.ts';
export { ZapDialog } from './zap-dialog.tsx';
