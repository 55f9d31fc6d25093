import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test-utils.tsx';
import { NetworkSection } from './network-section.tsx';

describe('NetworkSection', () => {
  it('refuses a non-websocket address with "Invalid url" and stores nothing', () => {
    renderWithApp(<NetworkSection />);
    fireEvent.change(screen.getByLabelText('Caching service address'), { target: { value: 'https://x.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Invalid url')).toBeTruthy();
    expect(localStorage.getItem('cacheServer')).toBeNull();
  });

  it('stores a valid address in localStorage.cacheServer', () => {
    renderWithApp(<NetworkSection />);
    fireEvent.change(screen.getByLabelText('Caching service address'), { target: { value: 'wss://cache.example/v1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(localStorage.getItem('cacheServer')).toBe('wss://cache.example/v1');
  });
});
