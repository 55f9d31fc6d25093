import { describe, expect, it } from 'vitest';
import { layoutRoutes, publicRoutes, redirectRoutes, SETTINGS_SECTIONS } from './routes-table.ts';

// Spec §2 (issue 2), in order; settings children live under /settings/*.
const SPEC_LAYOUT_PATHS = [
  '/home',
  '/reads/edit/:id?',
  '/reads/:topic?',
  '/myarticles/:tab?',
  '/thread/:id',
  '/e/:id',
  '/a/:id',
  '/explore',
  '/explore/feed/:id',
  '/dms/:contact?',
  '/notifications',
  '/downloads',
  '/settings/profile',
  '/settings/*',
  '/bookmarks',
  '/profile/:npub?',
  '/p/:npub?',
  '/help',
  '/mutelist/:npub',
  '/new',
  '/feeds',
  '/feeds/:query',
  '/search',
  '/search/:query',
  '/premium/:step?',
  '/premiums',
  '/legends',
  '/404',
  '/:vanityName',
  '/:vanityName/:identifier',
];

describe('routes table', () => {
  it('has every layout route of the spec with its parameters', () => {
    expect(layoutRoutes.map((r) => r.path)).toEqual(SPEC_LAYOUT_PATHS);
  });

  it('puts the vanity routes after every fixed route', () => {
    const paths = layoutRoutes.map((r) => r.path);
    expect(paths.slice(-2)).toEqual(['/:vanityName', '/:vanityName/:identifier']);
    expect(paths.slice(0, -2).every((p) => !p.startsWith('/:'))).toBe(true);
  });

  it('has the five public routes', () => {
    expect(publicRoutes.map((r) => r.path)).toEqual([
      '/app-download-qr',
      '/terms',
      '/csae-policy',
      '/privacy',
      '/support',
    ]);
  });

  it('redirects / to /home and /download to /downloads', () => {
    expect(redirectRoutes).toEqual([
      { path: '/', to: '/home' },
      { path: '/download', to: '/downloads' },
    ]);
  });

  it('lists the eleven settings sections', () => {
    expect(SETTINGS_SECTIONS).toEqual([
      'account',
      'appearance',
      'home_feeds',
      'reads_feeds',
      'notifications',
      'zaps',
      'muted',
      'network',
      'filters',
      'nwc',
      'devtools',
    ]);
  });

  it('loads the thread screen once for its three paths', () => {
    const thread = layoutRoutes.filter((r) => ['/thread/:id', '/e/:id', '/a/:id'].includes(r.path));
    expect(new Set(thread.map((r) => r.screen)).size).toBe(1);
  });
});
