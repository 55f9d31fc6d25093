import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test-utils.tsx';
import { AppRoutes } from './app-routes.tsx';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

async function open(path: string) {
  renderWithApp(
    <>
      <AppRoutes />
      <Where />
    </>,
    path,
  );
  return screen.findByRole('heading', { level: 1 }, { timeout: 8000 });
}

describe('app routes', () => {
  it('redirects / to /home', async () => {
    expect((await open('/')).textContent).toBe('Home');
    expect(screen.getByTestId('where').textContent).toBe('/home');
  });

  it('redirects /download to /downloads', async () => {
    expect((await open('/download')).textContent).toBe('Downloads');
    expect(screen.getByTestId('where').textContent).toBe('/downloads');
  });

  it('shows the page-not-found screen for unmatched paths and /404', async () => {
    expect((await open('/no/such/page')).textContent).toBe('Page not found');
  });

  it('shows not-found for an unknown settings section', async () => {
    expect((await open('/settings/unknown')).textContent).toBe('Page not found');
  });

  it('renders a settings section as a child route', async () => {
    expect((await open('/settings/appearance')).textContent).toBe('Settings');
    expect(await screen.findByRole('heading', { level: 2, name: 'Appearance' })).toBeTruthy();
    expect(document.title).toBe('Appearance settings | Tide');
  });

  it('renders public pages without the main navigation', async () => {
    expect((await open('/privacy')).textContent).toBe('Privacy Policy');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it('renders layout screens with the main navigation and a document title', async () => {
    expect((await open('/notifications')).textContent).toBe('Notifications');
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(document.title).toBe('Notifications | Tide');
  });

  // The vanity lookup (`/.well-known/nostr.json`) never answers here: without this stub jsdom's fetch went to
  // localhost:3000, was refused (logged ECONNREFUSED) and, when refused fast enough, ended the resolving state early.
  const pendingFetch = () => vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('treats a single unknown segment as a vanity profile', async () => {
    pendingFetch();
    expect((await open('/alice')).textContent).toBe('Profile');
    expect(screen.getByTestId('where').textContent).toBe('/alice');
    // The profile screen resolves the name first (the test service never answers, so it stays resolving).
    expect(screen.getByRole('status', { name: 'Loading profile' })).toBeTruthy();
  });

  it('treats two unknown segments as a vanity thread', async () => {
    pendingFetch();
    expect((await open('/alice/my-first-article')).textContent).toBe('Thread');
    expect(screen.getByTestId('where').textContent).toBe('/alice/my-first-article');
    expect(screen.getByRole('status', { name: 'Loading thread' })).toBeTruthy();
  });

  it('titles a thread "Note" until its author is known', async () => {
    expect((await open('/e/note1abc')).textContent).toBe('Thread');
    expect(document.title).toBe('Note | Tide');
  });
});
