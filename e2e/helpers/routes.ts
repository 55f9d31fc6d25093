/** One route the e2e suite opens: path, expected h1 and expected document title. */
export interface RouteCase {
  path: string;
  heading: string;
  /** Exact title, or a pattern where the screen names its data (a profile's name, a note's author). */
  title: string | RegExp;
  /** Public pages have no main layout. */
  public?: boolean;
}

// Well-formed ids of a note the demo network does not have.
const NOTE = 'note1tjpa5aa0rhkx6u5fsdye3tt6477eugv389khtmpucfl45aezdumqkkhgwy';
const NEVENT = 'nevent1qqs9eq76w7h3mmrdw2ycxjvc44a2l0v7yxgnjmt4as7vyl66wu3x7dsrtwlqa';
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
/** Profile screens are titled by the profile's name once it loads. */
const PROFILE_TITLE = /^.+ \| Tide$/;
/** Thread screens read "Note" until the author is known, then "Note by {name}". */
const THREAD_TITLE = /^Note( by .+)? \| Tide$/;

/** Every route of spec §2 with its parameters filled in. */
export const ROUTES: RouteCase[] = [
  { path: '/home', heading: 'Home', title: t('Home') },
  { path: '/reads', heading: 'Reads', title: t('Reads') },
  { path: '/reads/bitcoin', heading: 'Reads', title: t('Reads: bitcoin') },
  { path: '/reads/edit', heading: 'New Article', title: t('New Article') },
  { path: '/reads/edit/draft-1', heading: 'Edit Article', title: t('Edit Article') },
  { path: '/myarticles', heading: 'My Articles', title: t('My Articles') },
  { path: '/myarticles/drafts', heading: 'My Articles', title: t('My Articles') },
  { path: `/thread/${NOTE}`, heading: 'Thread', title: THREAD_TITLE },
  { path: `/e/${NEVENT}`, heading: 'Thread', title: THREAD_TITLE },
  { path: '/a/naddr1abc', heading: 'Thread', title: THREAD_TITLE },
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
  { path: '/profile', heading: 'Profile', title: PROFILE_TITLE },
  { path: `/profile/${NPUB}`, heading: 'Profile', title: PROFILE_TITLE },
  { path: `/p/${NPUB}`, heading: 'Profile', title: PROFILE_TITLE },
  { path: '/help', heading: 'Help', title: t('Help') },
  // Named after its owner; this one has no profile, so the npub cut to 15 + 10 characters (spec §9).
  { path: `/mutelist/${NPUB}`, heading: 'Mute List', title: t('Mute list of npub10elfcs4fr0…ma8qzvjptg') },
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
  { path: '/alice', heading: 'Profile', title: PROFILE_TITLE },
  // A verified name's article: once 'alice' resolves, the article screen (this slug is not hers: its not-found state).
  { path: '/alice/my-first-article', heading: 'Article', title: /^.+ \| Tide$/ },
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
