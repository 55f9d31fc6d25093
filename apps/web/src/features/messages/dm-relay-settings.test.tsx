import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { NostrEvent } from '@tide/core/nostr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stores } from '../../state/stores.ts';
import { renderWithApp } from '../../test-utils.tsx';

const ME = 'a'.repeat(64);
let latest: NostrEvent | null | Error = null;
const published: { kind: number; tags: string[][]; content: string }[] = [];
vi.mock('../publish/index.ts', () => ({
  fetchLatestReplaceable: vi.fn(async () => {
    if (latest instanceof Error) throw latest;
    return latest;
  }),
  getUserRelays: vi.fn(async () => ({
    relays: [
      { url: 'wss://write.example/', read: true, write: true },
      { url: 'wss://read.example/', read: true, write: false },
    ],
  })),
  publishEvent: vi.fn(async (template: { kind: number; tags: string[][]; content: string }) => {
    published.push(template);
    return { success: true, outcome: 'success', event: { ...template, id: 'x', pubkey: ME, sig: 's' }, reasons: [] };
  }),
}));

const { DmRelaySettings } = await import('./dm-relay-settings.tsx');

function list(relays: string[]): NostrEvent {
  return {
    id: 'l',
    pubkey: ME,
    created_at: 1,
    kind: 10050,
    tags: [['client', 'other'], ...relays.map((r) => ['relay', r])],
    content: '',
    sig: 's',
  };
}

describe('DmRelaySettings', () => {
  beforeEach(() => {
    published.length = 0;
    latest = null;
    act(() => stores.session.getState().setAccount({ publicKey: ME, method: 'nsec', canSign: true }));
  });
  afterEach(() => act(() => stores.session.getState().setAccount({ publicKey: null, method: null, canSign: false })));

  it('lists the kind 10050 relays; adding one publishes the whole list and keeps the other tags', async () => {
    latest = list(['wss://dm.example/']);
    renderWithApp(<DmRelaySettings />);
    expect(await screen.findByText('wss://dm.example/')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New private message relay'), { target: { value: 'https://web' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add private message relay' }));
    expect(await screen.findByText('Invalid url')).toBeTruthy();
    expect(published).toEqual([]);
    fireEvent.change(screen.getByLabelText('New private message relay'), { target: { value: 'two.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add private message relay' }));
    await waitFor(() => expect(published).toHaveLength(1));
    expect(published[0]).toEqual({
      kind: 10050,
      tags: [
        ['client', 'other'],
        ['relay', 'wss://dm.example/'],
        ['relay', 'wss://two.example'],
      ],
      content: '',
    });
    expect(await screen.findByText('wss://two.example')).toBeTruthy();
  });

  it('without a list offers the write relays, and removing one publishes the rest', async () => {
    renderWithApp(<DmRelaySettings />);
    fireEvent.click(await screen.findByRole('button', { name: 'Use my relays' }));
    await waitFor(() => expect(published).toHaveLength(1));
    expect(published[0].tags).toEqual([['relay', 'wss://write.example/']]);
    latest = list(['wss://write.example/', 'wss://b.example/']);
    renderWithApp(<DmRelaySettings />);
    fireEvent.click(
      (await screen.findAllByRole('button', { name: 'Remove private message relay wss://b.example/' }))[0],
    );
    await waitFor(() => expect(published).toHaveLength(2));
    expect(published[1].tags).toEqual([
      ['client', 'other'],
      ['relay', 'wss://write.example/'],
    ]);
  });

  it('when the list cannot be read it says so and offers no change (never rebuilt from nothing)', async () => {
    latest = new Error('no answer');
    renderWithApp(<DmRelaySettings />);
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add private message relay' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.queryByRole('button', { name: 'Use my relays' })).toBeNull();
  }, 15_000);
});
