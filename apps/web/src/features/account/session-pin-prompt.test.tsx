import { fireEvent, screen, waitFor } from '@testing-library/react';
import { generateSecretKey, getPublicKey, nsecEncode } from '@tide/core/nostr';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../state/session.ts';
import { SESSION_KEYS } from '../../state/session-storage.ts';
import { stores } from '../../state/stores.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { SessionPinPrompt } from './session-pin-prompt.tsx';

const sk = generateSecretKey();
const PUBKEY = getPublicKey(sk);

// A PIN-stored key after a reload: the public key is known, the key waits for its PIN.
beforeEach(async () => {
  await session.signInWithNsec(nsecEncode(sk), '2468');
  stores.session.getState().setAccount({ canSign: false, pinLocked: true, pinPromptOpen: true });
}, 30_000);

afterEach(() => {
  session.logout();
});

function enter(pin: string) {
  fireEvent.change(screen.getByLabelText('PIN'), { target: { value: pin } });
  fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
}

describe('SessionPinPrompt', () => {
  it('says a wrong PIN is wrong and unlocks the key with the right one', async () => {
    renderWithApp(<SessionPinPrompt />);
    enter('1111');
    expect(await screen.findByText('Wrong PIN', {}, { timeout: 20_000 })).toBeTruthy();
    expect(stores.session.getState().canSign).toBe(false);
    enter('2468');
    await waitFor(() => expect(stores.session.getState().canSign).toBe(true), { timeout: 20_000 });
    expect(stores.session.getState()).toMatchObject({ publicKey: PUBKEY, pinLocked: false, pinPromptOpen: false });
  }, 40_000);

  it('forgot PIN erases the stored key after confirmation: browse-only', async () => {
    renderWithApp(<SessionPinPrompt />);
    fireEvent.click(screen.getByRole('button', { name: 'Forgot PIN?' }));
    expect(localStorage.getItem(SESSION_KEYS.pinVault)).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Erase key' }));
    expect(localStorage.getItem(SESSION_KEYS.pinVault)).toBeNull();
    expect(stores.session.getState()).toMatchObject({ publicKey: PUBKEY, method: 'npub', pinLocked: false });
    expect(stores.session.getState().pinPromptOpen).toBe(false);
  });

  it('closing it leaves the key locked for later', () => {
    renderWithApp(<SessionPinPrompt />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(stores.session.getState()).toMatchObject({ pinLocked: true, pinPromptOpen: false, canSign: false });
  });
});
