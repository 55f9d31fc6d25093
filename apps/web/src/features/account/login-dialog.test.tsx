import { fireEvent, screen, waitFor } from '@testing-library/react';
import { generateSecretKey, getPublicKey, npubEncode, nsecEncode } from '@tide/core/nostr';
import { LocalSigner } from '@tide/core/signers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../state/session.ts';
import { SESSION_KEYS } from '../../state/session-storage.ts';
import { stores } from '../../state/stores.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { LoginDialog } from './login-dialog.tsx';

const sk = generateSecretKey();
const NSEC = nsecEncode(sk);
const PUBKEY = getPublicKey(sk);
const win = globalThis as { nostr?: unknown };

afterEach(() => {
  session.logout();
  delete win.nostr;
});

async function enterKey(key = NSEC) {
  const onOpenChange = vi.fn();
  renderWithApp(<LoginDialog open onOpenChange={onOpenChange} />);
  fireEvent.change(await screen.findByLabelText('Private key (nsec)'), { target: { value: key } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  return onOpenChange;
}

describe('LoginDialog', () => {
  it('refuses anything but a valid nsec with the spec message', async () => {
    renderWithApp(<LoginDialog open onOpenChange={vi.fn()} />);
    const field = await screen.findByLabelText('Private key (nsec)');
    fireEvent.change(field, { target: { value: npubEncode(PUBKEY) } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid private key');
    expect(field.getAttribute('type')).toBe('password');
  });

  it('moves on to Create PIN with a valid key, checking length and repetition', async () => {
    await enterKey();
    expect(screen.getByRole('dialog', { name: 'Create PIN' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('PIN'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create PIN' }));
    expect(screen.getByText('PIN must be at least 4 characters')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('PIN'), { target: { value: '1234' } });
    fireEvent.change(screen.getByLabelText('Repeat PIN'), { target: { value: '4321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create PIN' }));
    expect(screen.getByText("PINs don't match")).toBeTruthy();
    expect(stores.session.getState().publicKey).toBeNull();
  });

  it('signs in without a PIN: the key stays in memory, only the public key is stored', async () => {
    const onOpenChange = await enterKey();
    fireEvent.click(screen.getByRole('button', { name: 'Continue without PIN' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(stores.session.getState()).toMatchObject({ publicKey: PUBKEY, method: 'nsec', canSign: true });
    expect(localStorage.getItem(SESSION_KEYS.publicKey)).toBe(PUBKEY);
    expect(localStorage.getItem(SESSION_KEYS.pinVault)).toBeNull();
    expect(JSON.stringify({ ...localStorage })).not.toContain(NSEC);
  });

  it('signs in with a PIN: the vault keeps the encrypted key', async () => {
    const onOpenChange = await enterKey();
    fireEvent.change(screen.getByLabelText('PIN'), { target: { value: '2468' } });
    fireEvent.change(screen.getByLabelText('Repeat PIN'), { target: { value: '2468' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create PIN' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false), { timeout: 20_000 });
    expect(stores.session.getState().publicKey).toBe(PUBKEY);
    expect(localStorage.getItem(SESSION_KEYS.pinVault)?.startsWith('tide-pin-v1:')).toBe(true);
    expect(JSON.stringify({ ...localStorage })).not.toContain(NSEC);
  }, 30_000);

  it('keeps the PIN step open when the browser cannot protect the key (no WebCrypto): continue without PIN', async () => {
    const onOpenChange = await enterKey();
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    try {
      fireEvent.change(screen.getByLabelText('PIN'), { target: { value: '2468' } });
      fireEvent.change(screen.getByLabelText('Repeat PIN'), { target: { value: '2468' } });
      fireEvent.click(screen.getByRole('button', { name: 'Create PIN' }));
      expect((await screen.findByRole('alert')).textContent).toContain('cannot protect the key with a PIN');
      expect(screen.getByRole('dialog', { name: 'Create PIN' })).toBeTruthy();
      expect(localStorage.getItem(SESSION_KEYS.pinVault)).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Continue without PIN' }));
      await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
      expect(stores.session.getState()).toMatchObject({ publicKey: PUBKEY, canSign: true });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('never shows the key in the page text', async () => {
    await enterKey();
    expect(document.body.innerHTML).not.toContain(NSEC);
  });

  it('browses with a public key, refusing what is not one', async () => {
    const onOpenChange = vi.fn();
    renderWithApp(<LoginDialog open onOpenChange={onOpenChange} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Browse with a public key' }));
    const field = screen.getByLabelText('Public key (npub)');
    fireEvent.change(field, { target: { value: 'npub1nothing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Browse' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid public key');
    fireEvent.change(field, { target: { value: npubEncode(PUBKEY) } });
    fireEvent.click(screen.getByRole('button', { name: 'Browse' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(stores.session.getState()).toMatchObject({ publicKey: PUBKEY, method: 'npub', canSign: false });
  });

  it('offers the signer extension when one shows up, and signs in with it', async () => {
    const local = new LocalSigner(sk);
    win.nostr = { getPublicKey: () => local.getPublicKey(), signEvent: (t: never) => local.signEvent(t) };
    const onOpenChange = vi.fn();
    renderWithApp(<LoginDialog open onOpenChange={onOpenChange} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with extension' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(stores.session.getState()).toMatchObject({ publicKey: PUBKEY, method: 'extension', canSign: true });
  });

  it('does not offer the extension when the lookup finds none', async () => {
    renderWithApp(<LoginDialog open onOpenChange={vi.fn()} />);
    await screen.findByLabelText('Private key (nsec)');
    // The dialog's lookup started first; once this one gives up (4 tries, 250 ms apart), so has the dialog's.
    expect(await session.findExtension()).toBe(false);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Sign in with extension' })).toBeNull();
  });

  it('the PIN step says a key without PIN is kept sealed on this device, the PIN being stronger', async () => {
    await enterKey();
    const dialog = await screen.findByRole('dialog', { name: 'Create PIN' });
    expect(dialog.textContent).toContain('you stay signed in after a reload');
    expect(dialog.textContent).toContain('The PIN is the stronger option');
  });

  it('offers a remote signer: a bunker URL (checked) or a nostrconnect QR code, and Back', async () => {
    renderWithApp(<LoginDialog open onOpenChange={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a remote signer' }));
    const field = await screen.findByLabelText('Bunker URL');
    expect(screen.getByRole('dialog', { name: 'Remote signer' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show QR code' })).toBeTruthy();
    fireEvent.change(field, { target: { value: NSEC } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid bunker URL');
    expect(stores.session.getState().publicKey).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText('Private key (nsec)')).toBeTruthy();
  });
});
