import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stores } from '../state/stores.ts';
import { renderWithApp } from '../test-utils.tsx';
import { CacheStatusLine } from './cache-status-line.tsx';

afterEach(() => {
  stores.session.setState({ cacheStatus: 'idle', activity: 'woke' });
});

describe('CacheStatusLine', () => {
  it('says unreachable only while awake; asleep, the closed socket is a pause', () => {
    stores.session.setState({ cacheStatus: 'connected', activity: 'woke' });
    renderWithApp(<CacheStatusLine />);
    expect(screen.getByRole('status').textContent).toBe('Caching service: connected');
    // The app falls asleep after 5 minutes without activity and closes the socket on purpose.
    act(() => stores.session.setState({ activity: 'sleep', cacheStatus: 'disconnected' }));
    expect(screen.getByRole('status').textContent).toBe('Caching service: paused while Tide is idle');
    act(() => stores.session.setState({ activity: 'waking', cacheStatus: 'connecting' }));
    expect(screen.getByRole('status').textContent).toBe('Caching service: connecting');
    act(() => stores.session.setState({ activity: 'woke', cacheStatus: 'disconnected' }));
    expect(screen.getByRole('status').textContent).toBe('Caching service: unreachable');
  });
});
