import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stores } from '../../state/stores.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { contentOfKind } from './content-backup.tsx';
import { megabytes } from './media-management.tsx';
import type { MembershipApi } from './membership-client.ts';
import { PremiumNameForm } from './premium-name-form.tsx';
import { LegendStyleForm, PurchaseHistory } from './premium-pages.tsx';
import { PremiumSubscribe } from './premium-subscribe.tsx';
import { followListVersions } from './recover-follows.tsx';

function fakeApi(taken: string[] = []): MembershipApi & { paid: () => void } {
  let paidCallback: (() => void) | null = null;
  return {
    status: vi.fn(async () => ({ tier: 'none' as const })),
    nameAvailable: vi.fn(async (name: string) => !taken.includes(name)),
    purchase: vi.fn(async (product_id: string) => ({
      membership_quote_id: 'q1',
      invoice: 'lnbc210n1fake',
      qr_code: 'lightning:lnbc210n1fake',
      amount_usd: product_id === '12-months-premium' ? '72.00' : '21.00',
      amount_btc: '0.00021000',
    })),
    monitor: vi.fn((_id: string, onPaid: () => void) => {
      paidCallback = onPaid;
      return () => undefined;
    }),
    changeName: vi.fn(async (name: string) => ({ name })),
    history: vi.fn(async () => [
      {
        membership_quote_id: 'q1',
        purchased_at: 1_790_000_000,
        product_id: '3-months-premium',
        product_label: '3 Months of Premium',
        amount_usd: '21.00',
      },
    ]),
    customizeLegend: vi.fn(async () => undefined),
    paid: () => paidCallback?.(),
  };
}

describe('find a premium name', () => {
  it('says a short name is too short and a taken one unavailable; Next gives an available name', async () => {
    const api = fakeApi(['alice']);
    const onPick = vi.fn();
    renderWithApp(<PremiumNameForm api={api} submitLabel="Next" onPick={onPick} />);
    const input = screen.getByLabelText('Premium name');
    fireEvent.change(input, { target: { value: 'ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Name needs to be at least 3 characters long')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'alice' } });
    expect(await screen.findByText('Sorry, that name is currently unavailable')).toBeTruthy();
    expect(onPick).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'Tidefan' } });
    expect(await screen.findByText('This name is available')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onPick).toHaveBeenCalledWith('tidefan'));
    expect(api.nameAvailable).toHaveBeenCalledWith('alice');
  });
});

describe('premium subscription', () => {
  it('chooses 12 months, shows the invoice QR, pays with the wallet and shows Done once the monitor says paid', async () => {
    const api = fakeApi();
    const pay = vi.fn(async () => undefined);
    const onDone = vi.fn();
    renderWithApp(<PremiumSubscribe api={api} name="tidefan" onBack={() => undefined} onDone={onDone} pay={pay} />);
    fireEvent.click(screen.getByLabelText('$6 a month, paid for 12 months'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('img', { name: 'Lightning invoice QR code' })).toBeTruthy();
    expect(api.purchase).toHaveBeenCalledWith('12-months-premium', 'tidefan', undefined);
    expect(screen.getByText(/\$72\.00/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay with connected wallet' }));
    await waitFor(() => expect(pay).toHaveBeenCalledWith('lnbc210n1fake'));
    expect(screen.queryByRole('button', { name: 'Done' })).toBeNull();
    act(() => api.paid());
    fireEvent.click(await screen.findByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalled();
  });
});

describe('premium pages', () => {
  it('lists the purchase history', async () => {
    stores.session.getState().setAccount({ publicKey: 'cc'.repeat(32) });
    renderWithApp(<PurchaseHistory api={fakeApi()} />);
    expect(await screen.findByText('3 Months of Premium')).toBeTruthy();
    expect(screen.getByText('$21.00')).toBeTruthy();
  });

  it('a legend saves a style with badge colour and glow', async () => {
    const api = fakeApi();
    renderWithApp(<LegendStyleForm api={api} />);
    fireEvent.click(screen.getByLabelText('TEAL'));
    fireEvent.click(screen.getByRole('button', { name: 'Save style' }));
    await waitFor(() =>
      expect(api.customizeLegend).toHaveBeenCalledWith({ style: 'TEAL', custom_badge: true, avatar_glow: true }),
    );
  });
});

describe('recover follow list', () => {
  it('keeps the kind 3 versions of the answer, newest first, with their follow counts', () => {
    const v = (created_at: number, follows: number) => ({
      kind: 3,
      id: `id${created_at}`,
      pubkey: 'aa',
      sig: '',
      content: '',
      created_at,
      tags: Array.from({ length: follows }, (_, i) => ['p', `${i}`]),
    });
    const versions = followListVersions([v(10, 2), { kind: 10000165 }, v(20, 5)]);
    expect(versions.map((x) => [x.event.created_at, x.follows])).toEqual([
      [20, 5],
      [10, 2],
    ]);
  });
});

describe('premium page helpers', () => {
  it('reads the content of an answer kind and sizes in MB', () => {
    expect(
      contentOfKind(
        [
          { kind: 1, content: '{}' },
          { kind: 10000166, content: '{"1":4}' },
        ],
        10000166,
      ),
    ).toEqual({ 1: 4 });
    expect(contentOfKind([{ kind: 10000166, content: 'not json' }], 10000166)).toBeUndefined();
    expect(megabytes(1024 * 1024 * 1.5)).toBe('1.5');
  });
});
