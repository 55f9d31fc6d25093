import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberMember } from '../../data/member-info.ts';
import type { MembershipTier } from '../../state/session-store.ts';
import { stores } from '../../state/stores.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { PremiumReminderSlot } from './index.ts';
import { DAY_MS, PREMIUM_REMINDER_INTERVAL_MS, readPremiumReminder, savePremiumReminder } from './reminder-record.ts';

const ME = 'c'.repeat(64);

/** Renders the slot for `ME` (or a guest) and then sets the tier the sign-in lookup answered. */
async function show(tier: MembershipTier, publicKey: string | null = ME) {
  stores.session.getState().setAccount({ publicKey, method: publicKey ? 'nsec' : null, keyLookupDone: true });
  const view = renderWithApp(<PremiumReminderSlot />, '/home');
  await act(async () => {
    stores.session.getState().setMembershipTier(tier);
  });
  return view;
}

afterEach(() => {
  vi.useRealTimers();
  rememberMember(ME, null);
  stores.session.getState().setAccount({ publicKey: null, method: null });
  stores.session.getState().setMembershipTier('unknown');
  stores.toasts.setState({ toasts: [] });
});

describe('premium reminder', () => {
  it('the interval is seven days', () => {
    expect(PREMIUM_REMINDER_INTERVAL_MS).toBe(7 * DAY_MS);
  });

  it('shows for a signed-in user known to be none, with a link to /premium', async () => {
    await show('none');
    const card = await screen.findByTestId('premium-reminder');
    expect(card.textContent).toContain('Get Tide Premium');
    expect(screen.getByRole('link', { name: 'See Premium' }).getAttribute('href')).toBe('/premium');
    expect(screen.getByRole('button', { name: 'Hide the Premium reminder' })).toBeTruthy();
  });

  it('never shows for a guest, while the tier is unknown, or for a member', async () => {
    const guest = await show('none', null);
    expect(guest.container.innerHTML).toBe('');
    guest.unmount();
    const unknown = await show('unknown');
    await act(async () => {});
    expect(screen.queryByTestId('premium-reminder')).toBeNull();
    unknown.unmount();
    await show('premium');
    await act(async () => {});
    expect(screen.queryByTestId('premium-reminder')).toBeNull();
  });

  it('hides once the user becomes a member (e.g. after a purchase on the premium pages)', async () => {
    await show('none');
    await screen.findByTestId('premium-reminder');
    act(() => rememberMember(ME, { tier: 'premium-legend' }));
    expect(screen.queryByTestId('premium-reminder')).toBeNull();
  });

  it('dismissing stores now in the per-user record, hides it with a toast, and it comes back after the interval', async () => {
    localStorage.setItem(`store_${ME}`, JSON.stringify({ profileHistory: [] }));
    const start = Date.UTC(2026, 10, 1);
    vi.useFakeTimers({ now: start, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    await show('none');
    expect(screen.getByTestId('premium-reminder')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide the Premium reminder' }));
    expect(screen.queryByTestId('premium-reminder')).toBeNull();
    expect(readPremiumReminder(ME)).toBe(start);
    expect(JSON.parse(localStorage.getItem(`store_${ME}`) ?? '{}').profileHistory).toEqual([]);
    expect(stores.toasts.getState().toasts.map((t) => t.message)).toEqual(['Premium reminder hidden for 7 days']);
    await act(async () => {
      vi.advanceTimersByTime(PREMIUM_REMINDER_INTERVAL_MS - 1000);
    });
    expect(screen.queryByTestId('premium-reminder')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByTestId('premium-reminder')).toBeTruthy();
  });

  it('a reminder dismissed 6 days ago stays hidden after a reload; 8 days ago it shows', async () => {
    savePremiumReminder(ME, Date.now() - 6 * DAY_MS);
    const recent = await show('none');
    await act(async () => {});
    expect(screen.queryByTestId('premium-reminder')).toBeNull();
    recent.unmount();
    savePremiumReminder(ME, Date.now() - 8 * DAY_MS);
    await show('none');
    expect(await screen.findByTestId('premium-reminder')).toBeTruthy();
  });
});
