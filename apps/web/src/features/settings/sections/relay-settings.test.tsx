import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stores } from '../../../state/stores.ts';
import { renderWithApp } from '../../../test-utils.tsx';
import { relayListStore } from '../../publish/relay-list-store.ts';

const saved: unknown[] = [];
vi.mock('../../publish/index.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../publish/index.ts')>();
  return {
    ...original,
    connectUserRelays: vi.fn(async () => undefined),
    refreshRelayStatus: vi.fn(async () => undefined),
    getUserRelays: vi.fn(async () => relayListStore.getState().list),
    saveUserRelays: vi.fn(async (relays: unknown) => {
      saved.push(relays);
      return { success: true, outcome: 'success', event: {}, reasons: [] };
    }),
  };
});

const { RelaySettings } = await import('./relay-settings.tsx');
const PUBKEY = 'a'.repeat(64);

describe('RelaySettings', () => {
  beforeEach(() => {
    saved.length = 0;
    act(() => {
      stores.session.getState().setAccount({ publicKey: PUBKEY, method: 'nsec', canSign: true });
      relayListStore.getState().setList(PUBKEY, {
        relays: [{ url: 'wss://one.example', read: true, write: true }],
        declared: true,
        createdAt: 1,
      });
      relayListStore.getState().setStatus({ 'wss://one.example': 'connected' });
    });
  });
  afterEach(() => act(() => stores.session.getState().setAccount({ publicKey: null, method: null, canSign: false })));

  it('lists the relays with their flags and connection state', () => {
    renderWithApp(<RelaySettings />);
    expect(screen.getByText('wss://one.example')).toBeTruthy();
    expect(screen.getByText('Connected')).toBeTruthy();
    expect((screen.getByLabelText('Write') as HTMLInputElement).checked).toBe(true);
  });

  it('refuses an address that is not a websocket URL with "Invalid url"', () => {
    renderWithApp(<RelaySettings />);
    fireEvent.change(screen.getByLabelText('Relay address'), { target: { value: 'https://web.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add relay' }));
    expect(screen.getByText('Invalid url')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('adds a normalised relay, turns off a flag and removes one, each as a whole list', async () => {
    renderWithApp(<RelaySettings />);
    fireEvent.change(screen.getByLabelText('Relay address'), { target: { value: 'two.example//' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add relay' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual([
      { url: 'wss://one.example', read: true, write: true },
      { url: 'wss://two.example', read: true, write: true },
    ]);
    await waitFor(() => expect((screen.getByLabelText('Write') as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(screen.getByLabelText('Write'));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toEqual([{ url: 'wss://one.example', read: true, write: false }]);
    await waitFor(() => expect((screen.getByLabelText('Write') as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Remove wss://one.example' }));
    await waitFor(() => expect(saved).toHaveLength(3));
    expect(saved[2]).toEqual([]);
  });
});
