import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { NostrEvent } from '@tide/core/nostr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stores } from '../../state/stores.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { relayListStore } from '../publish/index.ts';
import { fakeMembershipApi } from './fake-membership-api.test-helper.ts';
import { PremiumRelay } from './premium-relay.tsx';
import { parseRelayInfo, premiumRelayUrl } from './premium-relay-info.ts';

const fetchLatestReplaceable = vi.fn();
const publishEvent = vi.fn();
vi.mock('../publish/index.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../publish/index.ts')>()),
  fetchLatestReplaceable: (...args: unknown[]) => fetchLatestReplaceable(...args),
  publishEvent: (...args: unknown[]) => publishEvent(...args),
  getUserRelays: async () => relayListStore.getState().list,
  refreshRelayStatus: async () => undefined,
  connectUserRelays: async () => relayListStore.getState().setStatus({ [RELAY]: 'connected' }),
}));

const ME = 'ab'.repeat(32);
const RELAY = 'ws://127.0.0.1:9/premium';
const OTHER = 'wss://relay.example.com';
const info = {
  name: 'Tide cache premium relay',
  description: 'Members write here',
  software: 'tide',
  version: '0.1.0',
};
const latest = {
  id: 'e'.repeat(64),
  pubkey: ME,
  created_at: 100,
  kind: 10002,
  content: '',
  tags: [
    ['r', OTHER],
    ['client', 'other-app'],
  ],
  sig: '',
} as NostrEvent;

beforeEach(() => {
  stores.session.getState().setAccount({ publicKey: ME, canSign: true });
  relayListStore
    .getState()
    .setList(ME, { relays: [{ url: OTHER, read: true, write: true }], declared: true, createdAt: 100 });
  fetchLatestReplaceable.mockResolvedValue(latest);
  publishEvent.mockImplementation(async (template: { tags: string[][] }) => ({
    success: true,
    outcome: 'ok',
    event: { ...latest, ...template, created_at: 200 },
    reasons: [],
  }));
});
afterEach(() => {
  vi.clearAllMocks();
  relayListStore.getState().clear();
  stores.session.getState().setAccount({ publicKey: null, canSign: false });
});

describe('premium relay page', () => {
  it('a member sees what the relay says of itself and adds it to the newest relay list, kept whole', async () => {
    const fetchInfo = vi.fn(async () => info);
    renderWithApp(
      <PremiumRelay api={fakeMembershipApi({ tier: 'premium', name: 'me' })} relayUrl={RELAY} fetchInfo={fetchInfo} />,
    );
    expect(await screen.findByText('Tide cache premium relay')).toBeTruthy();
    expect(screen.getByText('Members write here')).toBeTruthy();
    expect(screen.getByText('0.1.0')).toBeTruthy();
    expect(fetchInfo).toHaveBeenCalledWith(RELAY, expect.anything());
    expect(screen.getByTestId('premium-relay-url').textContent).toBe(RELAY);
    expect(await screen.findByText('As a member you can publish to this relay.')).toBeTruthy();
    expect(screen.getByTestId('premium-relay-listed').textContent).toContain('It is not in your relays');

    fireEvent.click(screen.getByRole('button', { name: 'Add to my relays' }));
    await waitFor(() => expect(publishEvent).toHaveBeenCalled());
    expect(fetchLatestReplaceable).toHaveBeenCalledWith(10002, ME);
    const [template, options] = publishEvent.mock.calls[0] as [
      { kind: number; tags: string[][] },
      { relays: string[] },
    ];
    expect(template.kind).toBe(10002);
    // the newest list's relays and other tags stay; the premium relay is added for reading and writing
    expect(template.tags).toEqual([
      ['r', OTHER],
      ['client', 'other-app'],
      ['r', RELAY],
    ]);
    expect(options).toMatchObject({ successMessage: 'Premium relay added to your relays', relays: [OTHER, RELAY] });
    await waitFor(() =>
      expect(screen.getByTestId('premium-relay-listed').textContent).toContain('It is in your relays'),
    );
    expect(screen.getByTestId('premium-relay-listed').textContent).toContain('connected');
    expect(screen.queryByRole('button', { name: 'Add to my relays' })).toBeNull();
  });

  it('a non-member is told only members can publish there, gets a link to Premium, and may add it for reading', async () => {
    renderWithApp(<PremiumRelay api={fakeMembershipApi()} relayUrl={RELAY} fetchInfo={async () => info} />);
    expect(await screen.findByTestId('premium-relay-members-only')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get Premium' }).getAttribute('href')).toBe('/premium/name');
    fireEvent.click(screen.getByRole('button', { name: 'Add to my relays' }));
    await waitFor(() => expect(publishEvent).toHaveBeenCalled());
    const [template] = publishEvent.mock.calls[0] as [{ tags: string[][] }];
    expect(template.tags.at(-1)).toEqual(['r', RELAY, 'read']);
  });

  it('changes nothing when the newest relay list cannot be loaded, and says so', async () => {
    fetchLatestReplaceable.mockRejectedValue(new Error('latest list not reachable'));
    const show = vi.spyOn(stores.toasts.getState(), 'show');
    renderWithApp(<PremiumRelay api={fakeMembershipApi()} relayUrl={RELAY} fetchInfo={async () => info} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add to my relays' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ kind: 'error', message: expect.stringContaining('could not be loaded') }),
      ),
    );
    expect(publishEvent).not.toHaveBeenCalled();
  });

  it('derives the premium relay from the caching service and reads only string fields of NIP-11', () => {
    expect(premiumRelayUrl('ws://127.0.0.1:8787/v1')).toBe('ws://127.0.0.1:8787/premium');
    expect(premiumRelayUrl('wss://cache.example.com/v1')).toBe('wss://cache.example.com/premium');
    expect(premiumRelayUrl('not a url')).toBeNull();
    expect(
      parseRelayInfo({
        name: '<b>x</b>',
        version: 3,
        pubkey: 'zz',
        limitation: { restricted_writes: true },
      }),
    ).toEqual({ name: '<b>x</b>', restrictedWrites: true });
  });
});
