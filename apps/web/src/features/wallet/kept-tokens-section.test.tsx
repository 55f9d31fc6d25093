import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { encodeCashuTokenV3, type RedeemResult } from '@tide/core/ecash';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stores } from '../../state/stores.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { readKeptTokens, TOKENS_WITH_ERRORS_KEY } from './kept-tokens.ts';
import { KeptTokensSection } from './kept-tokens-section.tsx';

// Unit test: the mint round trip is replaced (the loopback mint runs in ecash-actions.test.ts); the app's redeem
// path (redeemToken, retryKeptToken, localStorage) is the real one.
let answer: (token: string) => RedeemResult;
vi.mock('@tide/core/ecash', async (original) => {
  const real = await original<typeof import('@tide/core/ecash')>();
  return { ...real, redeemCashuToken: async (token: string) => answer(token) };
});
vi.mock('@tide/core/lightning', async (original) => ({
  ...(await original<typeof import('@tide/core/lightning')>()),
  makeInvoiceWithWebLN: async () => 'lnbc1',
}));

const MINT = 'https://mint.example';
const SECRET = 'proof-secret-that-must-not-show';
const token = (amount: number) =>
  encodeCashuTokenV3({
    entries: [{ mint: MINT, proofs: [{ id: '009a1f293253e41e', amount, secret: `${SECRET}-${amount}`, C: '02ab' }] }],
    unit: 'sat',
  });
const toastMessages = () => stores.toasts.getState().toasts.map((x) => x.message);

beforeEach(() => {
  localStorage.setItem(TOKENS_WITH_ERRORS_KEY, JSON.stringify([token(21), token(8)]));
});
afterEach(() => {
  localStorage.clear();
  stores.toasts.setState({ toasts: [] });
});

describe('Kept ecash tokens (tokensWithErrors)', () => {
  it('lists amount and mint of each kept token, never its text', async () => {
    renderWithApp(<KeptTokensSection />);
    const rows = screen.getAllByTestId('kept-token');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('21 sats');
    expect(rows[0]!.textContent).toContain(`from ${MINT}`);
    expect(document.body.innerHTML).not.toContain('cashuA');
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it('shows nothing when no token is kept', () => {
    localStorage.removeItem(TOKENS_WITH_ERRORS_KEY);
    renderWithApp(<KeptTokensSection />);
    expect(screen.queryByTestId('kept-token')).toBeNull();
  });

  it('Retry that succeeds forgets the token and says how much arrived', async () => {
    answer = () => ({
      redeemed: [{ mint: MINT, amount: 21, invoiceAmount: 19, fee: 2, preimage: '00', change: [] }],
      errors: [],
    });
    renderWithApp(<KeptTokensSection />);
    fireEvent.click(within(screen.getAllByTestId('kept-token')[0]!).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getAllByTestId('kept-token')).toHaveLength(1));
    expect(readKeptTokens()).toEqual([token(8)]);
    expect(toastMessages()).toContain('Redeemed 19 sats into your wallet');
  });

  it('Retry that fails keeps the token and says why', async () => {
    answer = (t) => ({
      redeemed: [],
      errors: [{ mint: MINT, message: 'Lightning payment unsuccessful' }],
      tokensWithErrorsEncoded: t,
    });
    renderWithApp(<KeptTokensSection />);
    fireEvent.click(within(screen.getAllByTestId('kept-token')[0]!).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(toastMessages()).toContain(
        'Could not redeem this token (Lightning payment unsuccessful). It is still kept here.',
      ),
    );
    expect(screen.getAllByTestId('kept-token')).toHaveLength(2);
    expect(readKeptTokens()).toHaveLength(2);
    expect(readKeptTokens()).toContain(token(21));
  });

  it('Discard asks first; Cancel keeps the token, confirming removes it', async () => {
    renderWithApp(<KeptTokensSection />);
    const row = () => screen.getAllByTestId('kept-token')[0]!;
    fireEvent.click(within(row()).getByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard this token?' });
    expect(dialog.textContent).toContain('21 sats');
    expect(readKeptTokens()).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(readKeptTokens()).toHaveLength(2);

    fireEvent.click(within(row()).getByRole('button', { name: 'Discard' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.getAllByTestId('kept-token')).toHaveLength(1));
    expect(readKeptTokens()).toEqual([token(8)]);
  });

  it('Copy puts the token on the clipboard', async () => {
    const writeText = vi.fn(async () => {});
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    renderWithApp(<KeptTokensSection />);
    fireEvent.click(within(screen.getAllByTestId('kept-token')[1]!).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(token(8)));
    expect(toastMessages()).toContain('Token copied: you can redeem it in another wallet');
  });
});
