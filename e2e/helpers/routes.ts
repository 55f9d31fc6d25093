/** One route the e2e suite opens: path, expected h1 and expected document title. */
export interface RouteCase {
  path: string;
  heading: string;
  title: string;
  /** Public pages have no main layout. */
  public?: boolean;
}

const NPUB = 'npub10elfcs4fr0l0r8af98jlmgdh9c8tcxjvz9qkw038js35mp4dma8qzvjptg';

const SETTINGS: Array<[string, string]> = [
  ['account', 'Account'],
  ['appearance', 'Appearance'],
  ['home_feeds', 'Home Feeds'],
  ['reads_feeds', 'Reads Feeds'],
  ['notifications', 'Notifications'],
  ['zaps', 'Zaps'],
  ['muted', 'Muted Accounts'],
  ['network', 'Network'],
  ['filters', 'Content Moderation'],
  ['nwc', 'Connected Wallets'],
  ['devtools', 'Dev Tools'],
];

const t = (s: string) => `${s} | Tide`;

/** Every route of spec §2 with its parameters filled in. */
export const ROUTES: RouteCase[] = [
  { path: '/home', heading: 'Home', title: t('Home') },
  { path: '/reads', heading: 'Reads', title: t('Reads') },
  { path: '/reads/bitcoin', heading: 'Reads', title: t('Reads: bitcoin') },
  { path: '/reads/edit', heading: 'New Article', title: t('New Article') },
  { path: '/reads/edit/draft-1', heading: 'Edit Article', title: t('Edit Article') },
  { path: '/myarticles', heading: 'My Articles', title: t('My Articles') },
  { path: '/myarticles/drafts', heading: 'My Articles', title: t('My Articles') },
  { path: '/thread/note1abc', heading: 'Thread', title: t('Note') },
  { path: '/e/nevent1abc', heading: 'Thread', title: t('Note') },
  { path: '/a/naddr1abc', heading: 'Thread', title: t('Note') },
  { path: '/explore', heading: 'Explore', title: t('Explore') },
  { path: '/explore/feed/trending', heading: 'Explore feed', title: t('Explore feed') },
  { path: '/dms', heading: 'Messages', title: t('Messages') },
  { path: `/dms/${NPUB}`, heading: 'Messages', title: t('Messages') },
  { path: '/notifications', heading: 'Notifications', title: t('Notifications') },
  { path: '/downloads', heading: 'Downloads', title: t('Downloads') },
  { path: '/settings', heading: 'Settings', title: t('Settings') },
  ...SETTINGS.map(([path, name]) => ({ path: `/settings/${path}`, heading: 'Settings', title: t(`${name} settings`) })),
  { path: '/settings/profile', heading: 'Edit Profile', title: t('Edit Profile') },
  { path: '/bookmarks', heading: 'Bookmarks', title: t('Bookmarks') },
  { path: '/profile', heading: 'Profile', title: t('Profile') },
  { path: `/profile/${NPUB}`, heading: 'Profile', title: t('Profile') },
  { path: `/p/${NPUB}`, heading: 'Profile', title: t('Profile') },
  { path: '/help', heading: 'Help', title: t('Help') },
  { path: `/mutelist/${NPUB}`, heading: 'Mute List', title: t('Mute List') },
  { path: '/new', heading: 'Create Account', title: t('Create Account') },
  { path: '/feeds', heading: 'Feeds', title: t('Feeds') },
  { path: '/feeds/bitcoin', heading: 'Feeds', title: t('Feeds') },
  { path: '/search', heading: 'Search', title: t('Search') },
  { path: '/search/nostr', heading: 'Search results', title: t('Search results') },
  { path: '/premium', heading: 'Premium', title: t('Premium') },
  { path: '/premium/name', heading: 'Premium', title: t('Find your name') },
  { path: '/premiums', heading: 'Premium Users', title: t('Premium Users') },
  { path: '/legends', heading: 'Legends', title: t('Legends') },
  { path: '/404', heading: 'Page not found', title: t('Page not found') },
  { path: '/alice', heading: 'Profile', title: t('Profile') },
  { path: '/alice/my-first-article', heading: 'Thread', title: t('Note') },
  { path: '/app-download-qr', heading: 'Tide on your phone', title: t('Tide on your phone'), public: true },
  { path: '/terms', heading: 'Terms of Use', title: t('Terms of Use'), public: true },
  { path: '/csae-policy', heading: 'Child Safety Policy', title: t('Child Safety Policy'), public: true },
  { path: '/privacy', heading: 'Privacy Policy', title: t('Privacy Policy'), public: true },
  { path: '/support', heading: 'Support', title: t('Support'), public: true },
];

/** The two viewports every route is opened at. */
export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
