import { LocalSigner } from '@tide/core/signers';
import { generateSecretKey } from 'nostr-tools/pure';
import { describe, expect, it } from 'vitest';
import { activeWalletUri, checkNwcUri, walletStore, withWallet } from './wallet-store.ts';
import { openWallets, sealWallets } from './wallet-sync.ts';

const secret = 'c'.repeat(64);
const uri = `nostr+walletconnect://${'b'.repeat(64)}?relay=ws%3A%2F%2F127.0.0.1%3A9%2F&secret=${secret}`;

describe('wallet sync (user-nwc subsettings)', () => {
  it('stores {nwcList, nwcActive} with the connection strings NIP-44 encrypted to the user, and reads them back', async () => {
    const signer = new LocalSigner(generateSecretKey());
    const wallets = [
      { name: 'Sandbox', uri },
      { name: 'Other', uri: uri.replace('b'.repeat(64), 'd'.repeat(64)) },
    ];
    const sealed = await sealWallets(signer, wallets, 'Other');
    expect(sealed.nwcList.map(([name]) => name)).toEqual(['Sandbox', 'Other']);
    expect(sealed.nwcActive[0]).toBe('Other');
    // The secret never goes to the server in clear.
    expect(JSON.stringify(sealed)).not.toContain(secret);
    expect(JSON.stringify(sealed)).not.toContain('walletconnect');
    expect(await openWallets(signer, JSON.parse(JSON.stringify(sealed)))).toEqual({ wallets, active: 'Other' });
  });

  it('skips entries another key encrypted and ignores junk', async () => {
    const me = new LocalSigner(generateSecretKey());
    const other = new LocalSigner(generateSecretKey());
    const theirs = await sealWallets(other, [{ name: 'Theirs', uri }], 'Theirs');
    const mine = await sealWallets(me, [{ name: 'Mine', uri }], 'Mine');
    const mixed = { nwcList: [...theirs.nwcList, ...mine.nwcList, 'junk', [1, 2]], nwcActive: mine.nwcActive };
    expect(await openWallets(me, mixed)).toEqual({ wallets: [{ name: 'Mine', uri }], active: 'Mine' });
    expect(await openWallets(me, null)).toEqual({ wallets: [], active: null });
  });
});

describe('wallet store', () => {
  it('checks connection strings', () => {
    expect(checkNwcUri(`  ${uri} `)).toBe(uri);
    expect(checkNwcUri('lnbc1...')).toBeNull();
    expect(checkNwcUri(`nostr+walletconnect://${'b'.repeat(64)}?relay=wss://r`)).toBeNull();
  });

  it('names are unique, the first wallet is active, removing the active one falls back', () => {
    const list = withWallet(withWallet([], 'Wallet', uri), 'Wallet', uri);
    expect(list.map((w) => w.name)).toEqual(['Wallet', 'Wallet 2']);
    walletStore.getState().set(list, null);
    expect(walletStore.getState().active).toBe('Wallet');
    expect(activeWalletUri()).toBe(uri);
    walletStore.getState().set(list.slice(1), 'Wallet');
    expect(walletStore.getState().active).toBe('Wallet 2');
    walletStore.getState().set([], 'Wallet 2');
    expect(activeWalletUri()).toBeNull();
  });
});
