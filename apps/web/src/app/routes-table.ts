import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A route module: it exports its screen as `Page`. */
export interface PageModule {
  Page: ComponentType;
}

/** Lazily loads a route module's `Page` (route modules use named exports only). */
export function page(load: () => Promise<PageModule>): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((m) => ({ default: m.Page })));
}

/** One screen route: its path pattern and its lazily loaded module. */
export interface ScreenRoute {
  path: string;
  screen: LazyExoticComponent<ComponentType>;
}

/** A redirect route. */
export interface RedirectRoute {
  path: string;
  to: string;
}

/** Public routes, rendered without the main layout (spec §2). */
export const publicRoutes: readonly ScreenRoute[] = [
  { path: '/app-download-qr', screen: page(() => import('../routes/app-download-qr.tsx')) },
  { path: '/terms', screen: page(() => import('../routes/terms.tsx')) },
  { path: '/csae-policy', screen: page(() => import('../routes/csae-policy.tsx')) },
  { path: '/privacy', screen: page(() => import('../routes/privacy.tsx')) },
  { path: '/support', screen: page(() => import('../routes/support.tsx')) },
];

/** Redirects inside the main layout. */
export const redirectRoutes: readonly RedirectRoute[] = [
  { path: '/', to: '/home' },
  { path: '/download', to: '/downloads' },
];

const thread = page(() => import('../routes/thread.tsx'));
const profile = page(() => import('../routes/profile.tsx'));
const feeds = page(() => import('../routes/feeds.tsx'));
const search = page(() => import('../routes/search.tsx'));
const explore = page(() => import('../routes/explore.tsx'));

/** Screens inside the main layout, fixed paths first; `/settings/*` holds the settings sections. */
export const layoutRoutes: readonly ScreenRoute[] = [
  { path: '/home', screen: page(() => import('../routes/home.tsx')) },
  { path: '/reads/edit/:id?', screen: page(() => import('../routes/article-editor.tsx')) },
  { path: '/reads/:topic?', screen: page(() => import('../routes/reads.tsx')) },
  { path: '/myarticles/:tab?', screen: page(() => import('../routes/my-articles.tsx')) },
  { path: '/thread/:id', screen: thread },
  { path: '/e/:id', screen: thread },
  { path: '/a/:id', screen: thread },
  { path: '/explore', screen: explore },
  { path: '/explore/feed/:id', screen: explore },
  { path: '/dms/:contact?', screen: page(() => import('../routes/messages.tsx')) },
  { path: '/notifications', screen: page(() => import('../routes/notifications.tsx')) },
  { path: '/downloads', screen: page(() => import('../routes/downloads.tsx')) },
  { path: '/settings/profile', screen: page(() => import('../routes/edit-profile.tsx')) },
  { path: '/settings/*', screen: page(() => import('../routes/settings.tsx')) },
  { path: '/bookmarks', screen: page(() => import('../routes/bookmarks.tsx')) },
  { path: '/profile/:npub?', screen: profile },
  { path: '/p/:npub?', screen: profile },
  { path: '/help', screen: page(() => import('../routes/help.tsx')) },
  { path: '/mutelist/:npub', screen: page(() => import('../routes/mutelist.tsx')) },
  { path: '/new', screen: page(() => import('../routes/create-account.tsx')) },
  { path: '/feeds', screen: feeds },
  { path: '/feeds/:query', screen: feeds },
  { path: '/search', screen: search },
  { path: '/search/:query', screen: search },
  { path: '/premium/:step?', screen: page(() => import('../routes/premium.tsx')) },
  { path: '/premiums', screen: page(() => import('../routes/premium-leaderboard.tsx')) },
  { path: '/legends', screen: page(() => import('../routes/legends-leaderboard.tsx')) },
  { path: '/404', screen: page(() => import('../routes/not-found.tsx')) },
  // After every fixed route: a vanity name is resolved to a profile, or to a thread with an identifier.
  { path: '/:vanityName', screen: page(() => import('../routes/vanity-profile.tsx')) },
  { path: '/:vanityName/:identifier', screen: page(() => import('../routes/vanity-thread.tsx')) },
];

/** The not-found screen, also used for anything unmatched. */
export const notFoundScreen = layoutRoutes.find((r) => r.path === '/404')!.screen;

/** Settings sections (kept beside the settings frame); re-exported for the routes' tests and readers. */
export { SETTINGS_SECTIONS, type SettingsSection } from '../features/settings/settings-sections.ts';
