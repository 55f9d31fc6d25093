import { fireEvent, screen, waitFor } from '@testing-library/react';
import { generateSecretKey, getPublicKey, npubEncode, nsecEncode } from '@tide/core/nostr';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../state/session.ts';
import { stores } from '../../../state/stores.ts';
import { renderWithApp } from '../../../test-utils.tsx';
import { AccountSection } from './account-section.tsx';

const sk = generateSecretKey();

describe('AccountSection', () => {
  afterEach(() => session.logout());

  it('guests see the notice and no key or logout', () => {
    renderWithApp(<AccountSection />);
    expect(screen.getByRole('note')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it('shows the npub, reveals the nsec only after the confirmation, and logs out', async () => {
    await session.signInWithNsec(nsecEncode(sk));
    renderWithApp(<AccountSection />);
    expect(screen.getByTestId('account-npub').textContent).toBe(npubEncode(getPublicKey(sk)));
    expect(screen.queryByTestId('account-nsec')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show private key' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Anyone who sees your private key');
    expect(screen.queryByTestId('account-nsec')).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: 'Show private key' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('account-nsec').textContent).toBe(nsecEncode(sk)));
    fireEvent.click(screen.getByRole('button', { name: 'Hide private key' }));
    expect(screen.queryByTestId('account-nsec')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(stores.session.getState().publicKey).toBeNull());
  });

  it('creates a PIN from the form, with the spec messages for a short or mismatched one', async () => {
    await session.signInWithNsec(nsecEncode(sk));
    renderWithApp(<AccountSection />);
    fireEvent.change(screen.getByLabelText('PIN'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Repeat PIN'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create PIN' }));
    await screen.findByText('PIN must be at least 4 characters');
    fireEvent.change(screen.getByLabelText('PIN'), { target: { value: '1234' } });
    fireEvent.change(screen.getByLabelText('Repeat PIN'), { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create PIN' }));
    await screen.findByRole('button', { name: 'Remove PIN' }, { timeout: 10_000 });
    expect(session.hasPin()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove PIN' }));
    await waitFor(() => expect(session.hasPin()).toBe(false));
  }, 30_000);
});
