import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test-utils.tsx';
import { Screen } from '../ui/screen.tsx';
import { MainLayout } from './main-layout.tsx';

function renderLayout(route = '/home') {
  renderWithApp(
    <Routes>
      <Route element={<MainLayout />}>
        <Route path="*" element={<Screen heading="Somewhere" sidebar={<p>side</p>} sidebarLabel="Sidebar" />} />
      </Route>
    </Routes>,
    route,
  );
}

describe('MainLayout', () => {
  it('lists the nine sections in order, then the sign-in entry', () => {
    renderLayout();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links).toEqual([
      'Tide',
      'Home',
      'Reads',
      'Explore',
      'Messages',
      'Bookmarks',
      'Notifications',
      'Downloads',
      'Premium',
      'Settings',
      'Create account',
    ]);
    expect(within(nav).getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('marks the current section', () => {
    renderLayout('/explore');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Explore' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows the screen with its sidebar and the caching-service status', () => {
    renderLayout();
    expect(screen.getByRole('heading', { level: 1, name: 'Somewhere' })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Sidebar' }).textContent).toBe('side');
    expect(document.querySelector('[data-cache-status]')).not.toBeNull();
  });

  it('opens the phone "More" sheet with the remaining sections', () => {
    renderLayout();
    const phone = screen.getByRole('navigation', { name: 'Navigation' });
    expect(
      within(phone)
        .getAllByRole('link')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Home', 'Reads', 'Explore', 'Messages', 'Notifications']);
    const more = within(phone).getByRole('button', { name: 'More' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    const sheet = document.getElementById(more.getAttribute('aria-controls') ?? '')!;
    expect(
      within(sheet)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Bookmarks', 'Downloads', 'Premium', 'Settings', 'Create account']);
  });
});
