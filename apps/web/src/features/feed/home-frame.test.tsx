import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FALLBACK_AFTER_MS, FALLBACK_RELAYS_KEY } from '../../data/relay-fallback-status.ts';
import { stores } from '../../state/stores.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { HomeFrame } from './home-frame.tsx';

afterEach(() => stores.session.setState({ cacheStatus: 'idle', publicKey: null }));

describe('HomeFrame relay fallback', () => {
  it("reads a known viewer's home from relays once the caching service has been unreachable a few seconds", async () => {
    // A relay address nothing listens on: the point here is the switch, the gate's own tests read real relays.
    localStorage.setItem(FALLBACK_RELAYS_KEY, '["ws://127.0.0.1:9/"]');
    stores.session.setState({ publicKey: 'ab'.repeat(32) });
    renderWithApp(<HomeFrame />, '/home');
    expect(screen.getByRole('status', { name: 'Loading notes' })).toBeTruthy();
    act(() => stores.session.setState({ cacheStatus: 'reconnecting' }));
    const notice = await screen.findByTestId('relay-fallback-notice', {}, { timeout: FALLBACK_AFTER_MS + 10_000 });
    expect(notice.textContent).toBe('The caching service is unreachable: reading your relays directly');
    expect(screen.queryByRole('status', { name: 'Loading notes' })).toBeNull();
    act(() => stores.session.setState({ cacheStatus: 'connected' }));
    expect(screen.getByRole('status', { name: 'Loading notes' })).toBeTruthy();
  }, 30_000);
});
