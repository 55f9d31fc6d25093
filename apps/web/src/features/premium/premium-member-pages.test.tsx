import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stores } from '../../state/stores.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { fakeMembershipApi } from './fake-membership-api.test-helper.ts';
import { PremiumManage } from './premium-manage.tsx';
import { PremiumOg } from './premium-og.tsx';
import { PremiumOverview } from './premium-overview.tsx';
import { PremiumStep } from './premium-step.tsx';
import { PremiumSupport } from './premium-support.tsx';

const ME = 'cd'.repeat(32);

/** Where the router is (path and query), to check where a button went. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

beforeEach(() => stores.session.getState().setAccount({ publicKey: ME, canSign: true }));
afterEach(() => stores.session.getState().setAccount({ publicKey: null, canSign: false }));

describe('OG path (/premium/og)', () => {
  it('someone without Premium finds a name, gives $1000 or more and pays the Legend quote until paid', async () => {
    const api = fakeMembershipApi({ tier: 'none' }, ['taken']);
    const onDone = vi.fn();
    renderWithApp(<PremiumOg api={api} onDone={onDone} />, '/premium/og');
    fireEvent.change(await screen.findByLabelText('Premium name'), { target: { value: 'OgFan' } });
    expect(await screen.findByText('This name is available')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const amount = await screen.findByLabelText('Donation in US dollars');
    fireEvent.change(amount, { target: { value: '999' } });
    expect(screen.getByText('A Legend donation is $1000 or more')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(amount, { target: { value: '1500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Your name will be ogfan.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByTestId('premium-invoice')).toBeTruthy();
    expect(api.purchase).toHaveBeenCalledWith('legend-premium', 'ogfan', 1500);
    expect(api.monitor).toHaveBeenCalledWith('q1', expect.any(Function));
    expect(screen.queryByRole('button', { name: 'Done' })).toBeNull();
    act(() => api.paid());
    fireEvent.click(await screen.findByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalled();
  });

  it('Back from the amount returns to the name', async () => {
    renderWithApp(<PremiumOg api={fakeMembershipApi()} onDone={() => undefined} />);
    fireEvent.change(await screen.findByLabelText('Premium name'), { target: { value: 'ogfan' } });
    await screen.findByText('This name is available');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText('Premium name')).toBeTruthy();
  });

  it('a premium member on the OG page is pointed to becoming a Legend from the membership', async () => {
    renderWithApp(<PremiumOg api={fakeMembershipApi({ tier: 'premium', name: 'me' })} onDone={() => undefined} />);
    expect((await screen.findByRole('link', { name: 'Become a Legend' })).getAttribute('href')).toBe('/premium/legend');
    expect(screen.queryByLabelText('Premium name')).toBeNull();
  });
});

describe('expired membership and renew', () => {
  it('says when it expired and Renew goes to the subscription with the old name', async () => {
    const api = fakeMembershipApi({ tier: 'none', name: 'oldname', expired_on: 1_790_000_000 });
    renderWithApp(
      <>
        <PremiumOverview api={api} />
        <Where />
      </>,
      '/premium',
    );
    const expired = await screen.findByTestId('premium-expired');
    const date = new Date(1_790_000_000 * 1000).toLocaleDateString();
    expect(expired.textContent).toContain(`expired on ${date}`);
    expect(expired.textContent).toContain('oldname');
    expect(screen.queryByTestId('premium-status')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Renew' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/premium/subscribe?name=oldname'));
    expect(api.nameAvailable).toHaveBeenCalledWith('oldname');
  });

  it('sends to find a new name, saying why, when the old name was taken meanwhile', async () => {
    const api = fakeMembershipApi({ tier: 'none', name: 'oldname', expired_on: 1_790_000_000 }, ['oldname']);
    const show = vi.spyOn(stores.toasts.getState(), 'show');
    renderWithApp(
      <>
        <PremiumOverview api={api} />
        <Where />
      </>,
      '/premium',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Renew' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/premium/name'));
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringContaining('oldname') }));
  });

  it('the renewal step subscribes with the old name', async () => {
    const api = fakeMembershipApi({ tier: 'none', name: 'oldname', expired_on: 1_790_000_000 });
    renderWithApp(<PremiumStep step="subscribe" api={api} />, '/premium/subscribe?name=oldname');
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(api.purchase).toHaveBeenCalledWith('3-months-premium', 'oldname', undefined));
  });
});

describe('manage', () => {
  it('lists every action of a premium member; the overview links to it', async () => {
    const member = { tier: 'premium' as const, name: 'me', nostr_address: 'me@host', expires_on: 1_900_000_000 };
    renderWithApp(<PremiumManage member={member} loading={false} />);
    const links = within(screen.getByTestId('premium-manage'))
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      '/premium/rename',
      '/premium/subscribe?name=me',
      '/premium/legend',
      '/premium/history',
      '/premium/relay',
      '/premium/media',
      '/premium/recover',
      '/premium/backup',
      '/premium/support',
    ]);
  });

  it('a legend manages the legend style instead of extending', () => {
    renderWithApp(<PremiumManage member={{ tier: 'premium-legend', name: 'me' }} loading={false} />);
    const links = within(screen.getByTestId('premium-manage')).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toContain('/premium/style');
    expect(links.map((a) => a.getAttribute('href'))).not.toContain('/premium/subscribe?name=me');
  });

  it('the overview of a member links to Manage Premium', async () => {
    renderWithApp(<PremiumOverview api={fakeMembershipApi({ tier: 'premium', name: 'me' })} />);
    const status = await screen.findByTestId('premium-status');
    expect(within(status).getByRole('link', { name: 'Manage Premium' }).getAttribute('href')).toBe('/premium/manage');
  });
});

describe('support', () => {
  it('a member extends with the current name or becomes a Legend; no tip without an operator', async () => {
    renderWithApp(
      <PremiumSupport api={fakeMembershipApi({ tier: 'premium', name: 'me' })} fetchInfo={async () => ({})} />,
    );
    expect((await screen.findByRole('link', { name: 'Extend your subscription' })).getAttribute('href')).toBe(
      '/premium/subscribe?name=me',
    );
    expect(screen.getByRole('link', { name: 'Become a Legend' }).getAttribute('href')).toBe('/premium/legend');
    expect(screen.queryByTestId('premium-support-tip')).toBeNull();
  });

  it('someone without Premium gets Premium or goes the OG way; the operator named by the relay gets a tip link', async () => {
    const operator = 'ef'.repeat(32);
    renderWithApp(<PremiumSupport api={fakeMembershipApi()} fetchInfo={async () => ({ pubkey: operator })} />);
    expect((await screen.findByRole('link', { name: 'Get Premium' })).getAttribute('href')).toBe('/premium/name');
    expect(screen.getByRole('link', { name: 'Become a Legend' }).getAttribute('href')).toBe('/premium/og');
    const tip = await screen.findByTestId('premium-support-tip');
    expect(within(tip).getByRole('link').getAttribute('href')).toMatch(/^\/p\/n(pub|profile)1/);
  });
});
