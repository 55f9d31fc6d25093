import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { encodeBolt11 } from '@tide/core/lightning';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../state/session.ts';
import { stores } from '../../state/stores.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { walletStore } from '../wallet/wallet-store.ts';
import { InvoiceDetails } from './invoice-details.tsx';

const NODE_KEY = 'e126f68f7eafcc8b74f54d269fe206be715000f94dac067d1c04a8ca3b2db734';
const T0 = 1_700_000_000;
const invoice = encodeBolt11({
  network: 'bc',
  amountMsat: 500_000,
  paymentHash: '0b'.repeat(32),
  description: 'pizza',
  timestamp: T0,
  expiry: 3600,
  privateKey: NODE_KEY,
});
const sent: string[] = [];

beforeEach(() => {
  sent.length = 0;
  vi.spyOn(session, 'requestSigner').mockReturnValue('ready');
  walletStore.getState().set([], null);
  (globalThis as { webln?: unknown }).webln = {
    enable: async () => {},
    sendPayment: async (pr: string) => {
      sent.push(pr);
      return { preimage: '07'.repeat(32) };
    },
  };
});
afterEach(() => {
  vi.restoreAllMocks();
  delete (globalThis as { webln?: unknown }).webln;
});

describe('InvoiceDetails', () => {
  it("shows amount, description and 'Expires in …' / 'Expired … ago'", () => {
    const { unmount } = renderWithApp(<InvoiceDetails invoice={invoice} now={T0 + 60} />);
    expect(screen.getByTestId('invoice-amount').textContent).toBe('500 sats');
    expect(screen.getByTestId('invoice-description').textContent).toContain('pizza');
    expect(screen.getByTestId('invoice-expiry').textContent).toContain('Expires in 59 minutes');
    unmount();
    renderWithApp(<InvoiceDetails invoice={invoice} now={T0 + 3600 + 2 * 3600} />);
    expect(screen.getByTestId('invoice-expiry').textContent).toContain('Expired 2 hours ago');
    // An expired invoice cannot be paid.
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
  });

  it('Pay asks first, then pays with the wallet and says so only after it answers', async () => {
    renderWithApp(<InvoiceDetails invoice={invoice} now={T0 + 60} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay this invoice?' });
    expect(sent).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(stores.toasts.getState().toasts.at(-1)?.message).toBe('Invoice paid'));
    expect(sent).toEqual([invoice]);
    expect(screen.getByRole('button', { name: 'Paid' })).toHaveProperty('disabled', true);
  });

  it('a wallet failure gives the failure toast and Pay stays available', async () => {
    (globalThis as { webln?: unknown }).webln = {
      enable: async () => {},
      sendPayment: async () => {
        throw new Error('insufficient balance');
      },
    };
    renderWithApp(<InvoiceDetails invoice={invoice} now={T0 + 60} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pay' }));
    await waitFor(() =>
      expect(stores.toasts.getState().toasts.at(-1)?.message).toBe('We were unable to pay this invoice'),
    );
    expect(screen.getByRole('button', { name: 'Pay' })).toHaveProperty('disabled', false);
  });
});
