import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stores } from '../../../state/stores.ts';
import { renderWithApp } from '../../../test-utils.tsx';
import { NetworkSection } from './network-section.tsx';

const fallback = `ws://${window.location.host}/v1`;

function add(url: string) {
  fireEvent.change(screen.getByLabelText('Caching service address'), { target: { value: url } });
  fireEvent.click(screen.getByRole('button', { name: 'Add caching service' }));
}

describe('NetworkSection → caching services', () => {
  afterEach(() => localStorage.clear());

  it('refuses a non-websocket address with "Invalid url" and stores nothing', () => {
    renderWithApp(<NetworkSection />);
    add('https://x.example');
    expect(screen.getByText('Invalid url')).toBeTruthy();
    expect(localStorage.getItem('cacheServer')).toBeNull();
    expect(localStorage.getItem('cacheServers')).toBeNull();
  });

  it('adds to the pool, chooses one (localStorage.cacheServer), removes, and never removes the last', () => {
    renderWithApp(<NetworkSection />);
    const pool = screen.getByTestId('cache-pool');
    expect(within(pool).getAllByRole('radio')).toHaveLength(1);
    add('wss://cache.example/v1');
    expect(within(pool).getAllByRole('radio')).toHaveLength(2);
    expect(JSON.parse(localStorage.getItem('cacheServers') ?? '[]')).toEqual([fallback, 'wss://cache.example/v1']);
    add('wss://cache.example/v1');
    expect(screen.getByText('This caching service is already in the list')).toBeTruthy();

    fireEvent.click(within(pool).getByLabelText('wss://cache.example/v1'));
    expect(localStorage.getItem('cacheServer')).toBe('wss://cache.example/v1');

    fireEvent.click(screen.getByRole('button', { name: 'Remove wss://cache.example/v1' }));
    expect(localStorage.getItem('cacheServer')).toBe(fallback);
    fireEvent.click(screen.getByRole('button', { name: `Remove ${fallback}` }));
    expect(stores.toasts.getState().toasts.at(-1)).toMatchObject({
      kind: 'error',
      message: 'the client needs at least one caching service',
    });
    expect(within(pool).getAllByRole('radio')).toHaveLength(1);
  });
});
