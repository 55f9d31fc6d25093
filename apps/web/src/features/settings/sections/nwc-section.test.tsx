import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { generateSecretKey, nsecEncode } from '@tide/core/nostr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../state/session.ts';
import { renderWithApp } from '../../../test-utils.tsx';
import { walletStore } from '../../wallet/wallet-store.ts';
import { NwcSection } from './nwc-section.tsx';

// The caching service's settings commands are replaced (unit test): what the section signs and sends is checked.
const saved: { content: string; tags: string[][] }[] = [];
let stored: unknown = null;
vi.mock('@tide/core/cache', async (original) => ({
  ...(await original<typeof import('@tide/core/cache')>()),
  fetchAppSubsettings: async () => stored,
  saveAppSubsettings: async (_client: unknown, params: { event_from_user: { content: string; tags: string[][] } }) => {
    saved.push(params.event_from_user);
    stored = (JSON.parse(params.event_from_user.content) as { settings: unknown }).settings;
  },
}));

const secret = 'c'.repeat(64);
const uri = `nostr+walletconnect://${'b'.repeat(64)}?relay=ws%3A%2F%2F127.0.0.1%3A9%2F&secret=${secret}`;

beforeEach(async () => {
  saved.length = 0;
  stored = null;
  walletStore.setState({ wallets: [], active: null, loaded: false });
  await session.signInWithNsec(nsecEncode(generateSecretKey()));
});
afterEach(() => session.logout());

describe('Settings → Connected Wallets', () => {
  it('refuses a bad string, adds a wallet (saved NIP-44 to self, never in clear), lists it active, removes it', async () => {
    renderWithApp(<NwcSection />);
    await screen.findByText('No wallet connected yet');
    const field = screen.getByLabelText('Connection string (nostr+walletconnect://…)');
    fireEvent.change(field, { target: { value: 'nostr+walletconnect://nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect a wallet' }));
    expect(await screen.findByText('This is not a Nostr Wallet Connect string')).toBeTruthy();
    expect(saved).toHaveLength(0);

    fireEvent.change(field, { target: { value: uri } });
    fireEvent.change(screen.getByLabelText('Wallet name'), { target: { value: 'Sandbox' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect a wallet' }));
    const row = await screen.findByTestId('nwc-wallet');
    expect(row.textContent).toContain('Sandbox');
    expect(within(row).getByRole('radio')).toHaveProperty('checked', true);
    await waitFor(() => expect((field as HTMLInputElement).value).toBe(''));

    // One signed set_app_subsettings for user-nwc; the secret is not in it.
    expect(saved).toHaveLength(1);
    expect(saved[0]?.tags).toContainEqual(['d', expect.any(String), 'set_app_subsettings_nwc']);
    const content = JSON.parse(saved[0]!.content) as { subkey: string; settings: { nwcList: string[][] } };
    expect(content.subkey).toBe('user-nwc');
    expect(content.settings.nwcList[0]?.[0]).toBe('Sandbox');
    expect(saved[0]!.content).not.toContain(secret);
    // Nor anywhere on the page once added.
    expect(document.body.innerHTML).not.toContain(secret);

    fireEvent.click(within(row).getByRole('button', { name: 'Remove Sandbox' }));
    await waitFor(() => expect(screen.queryByTestId('nwc-wallet')).toBeNull());
    expect((stored as { nwcList: unknown[] }).nwcList).toEqual([]);
  });

  it('reads the saved wallets back from the account and switches the active one', async () => {
    renderWithApp(<NwcSection />);
    await screen.findByText('No wallet connected yet');
    for (const name of ['One', 'Two']) {
      fireEvent.change(screen.getByLabelText('Connection string (nostr+walletconnect://…)'), {
        target: { value: uri },
      });
      fireEvent.change(screen.getByLabelText('Wallet name'), { target: { value: name } });
      fireEvent.click(screen.getByRole('button', { name: 'Connect a wallet' }));
      await screen.findByText(name);
    }
    const rows = screen.getAllByTestId('nwc-wallet');
    fireEvent.click(within(rows[1]!).getByRole('radio'));
    await waitFor(() => expect((stored as { nwcActive: string[] }).nwcActive[0]).toBe('Two'));
    // A new load (another device) decrypts them back.
    walletStore.setState({ wallets: [], active: null, loaded: false });
    const { loadWallets } = await import('../../wallet/wallet-sync.ts');
    expect(await loadWallets()).toBe(true);
    expect(walletStore.getState().wallets.map((w) => w.name)).toEqual(['One', 'Two']);
    expect(walletStore.getState().active).toBe('Two');
    expect(walletStore.getState().wallets[0]?.uri).toBe(uri);
  });
});
