import { type NostrEvent, signEvent } from '@tide/core/nostr';
import { type Fixture, type FixtureUser, NOW, U } from '../src/commands/content-test-fixture.ts';

/** One request of the coverage walk: a payload the spec's fields make up, and the answer kinds it must carry. */
export interface CoverageCase {
  command: string;
  /** What the case shows (test title). */
  label?: string;
  payload?: Record<string, unknown>;
  /** Kinds the answer must contain (protocol §3 "→ kinds", as far as the fixture network has data for them). */
  kinds: number[];
}

/** A signed kind-30078 request of `user` at the fixture clock (web client shape). */
export function signedRequest(user: FixtureUser, content: unknown, createdAt = NOW, kind = 30078): NostrEvent {
  const tags = [['d', 'Primal-Web App', 'coverage']];
  return signEvent({ kind, created_at: createdAt, tags, content: JSON.stringify(content) }, user.sk);
}

/** Events the coverage walk adds to the content fixture: relays, lists, and a DM sent as the web client does. */
export function coverageExtras(): { lists: NostrEvent[]; dm: NostrEvent; note: NostrEvent; note2: NostrEvent } {
  const { viewer, bob, carol, dave } = U;
  const at = NOW - 3600;
  const sign = (u: FixtureUser, kind: number, tags: string[][], content = '') =>
    signEvent({ kind, created_at: at, tags, content }, u.sk);
  return {
    lists: [
      sign(bob, 10002, [
        ['r', 'wss://relay.example.com'],
        ['r', 'wss://read.example.com', 'read'],
      ]),
      sign(viewer, 30000, [
        ['d', 'mutelists'],
        ['p', dave.pubkey],
      ]),
      sign(viewer, 30000, [
        ['d', 'allowlist'],
        ['p', carol.pubkey],
      ]),
      sign(viewer, 30000, [
        ['d', 'friends'],
        ['p', bob.pubkey],
      ]),
    ],
    dm: sign(carol, 4, [['p', viewer.pubkey]], 'c2VjcmV0?iv=aXZpdml2aXZpdml2aXZpdg=='),
    note: sign(carol, 1, [], 'Imported through import_events'),
    note2: sign(carol, 1, [], 'Broadcast through broadcast_events'),
  };
}

/** The walk: every spec command at least once, in an order where writes come before the reads that show them. */
export function coverageCases(f: Fixture, x: ReturnType<typeof coverageExtras>): CoverageCase[] {
  const { viewer, bob, carol, dave } = U;
  const v = viewer.pubkey;
  const article = { pubkey: bob.pubkey, kind: 30023, identifier: 'my-article' };
  const feedSpec = JSON.stringify({ id: 'feed', kind: 'notes', notes: 'authored', pubkey: bob.pubkey });
  const homeFeeds = [{ name: 'Latest', spec: '{"id":"latest","kind":"notes"}', enabled: true }];
  return [
    // Content
    { command: 'import_events', payload: { events: [x.note] }, kinds: [10000127] },
    { command: 'broadcast_events', payload: { events: [x.note2], relays: [] }, kinds: [10000149] },
    { command: 'event_actions', payload: { kind: 7, limit: 20, offset: 0, event_id: f.n1.id }, kinds: [7, 0] },
    {
      command: 'event_actions',
      label: 'event_actions by pubkey + identifier',
      payload: { kind: 1, limit: 20, offset: 0, pubkey: bob.pubkey, identifier: 'my-article' },
      kinds: [1, 0],
    },
    {
      command: 'note_mentions',
      payload: { limit: 20, offset: 0, event_id: f.n1.id, user_pubkey: bob.pubkey },
      kinds: [1, 0, 10000100],
    },
    {
      command: 'event_zaps_by_satszapped',
      payload: { limit: 10, offset: 0, event_id: f.n1.id, user_pubkey: v },
      kinds: [9735, 10000129, 0, 10000113],
    },
    { command: 'note_mentions_count', payload: { event_id: f.n1.id }, kinds: [10000143] },
    {
      command: 'parametrized_replaceable_event',
      payload: { ...article, extended_response: true },
      kinds: [30023, 0, 10000100],
    },
    {
      command: 'parametrized_replaceable_events',
      payload: { events: [article], extended_response: true },
      kinds: [30023, 0],
    },
    { command: 'get_highlights', payload: { ...article, user_pubkey: v }, kinds: [9802, 0, 10000151] },
    {
      command: 'events',
      payload: { event_ids: [f.n1.id], user_pubkey: v, extended_response: true },
      kinds: [1, 0, 10000100, 10000115],
    },
    { command: 'drafts', payload: { limit: 20, offset: 0, pubkey: v, kind: 30023 }, kinds: [31234, 10000113] },
    {
      command: 'mega_feed_directive',
      payload: { spec: feedSpec, limit: 20, offset: 0, user_pubkey: v },
      kinds: [1, 0, 10000100, 10000113],
    },
    {
      command: 'long_form_content_feed',
      payload: { pubkey: bob.pubkey, limit: 10, notes: 'authored', user_pubkey: v, offset: 0 },
      kinds: [30023, 0, 10000144, 10000113],
    },
    {
      command: 'feed',
      payload: { pubkey: bob.pubkey, notes: 'authored', limit: 100, user_pubkey: v },
      kinds: [1, 0, 10000100, 10000113],
    },
    {
      command: 'thread_view',
      payload: { event_id: f.r1.id, limit: 100, user_pubkey: v },
      kinds: [1, 0, 10000100, 10000113],
    },
    {
      command: 'long_form_content_thread_view',
      payload: { ...article, limit: 100 },
      kinds: [30023, 1, 0, 10000113],
    },
    { command: 'get_recommended_reads', kinds: [10000145] },
    { command: 'get_advanced_feeds', kinds: [10000150] },
    {
      command: 'advanced_feed',
      payload: { specification: ['advanced_search', { query: 'coffee' }], limit: 20, user_pubkey: v, offset: 0 },
      kinds: [1, 10000113],
    },
    { command: 'top_article', payload: { pubkey: bob.pubkey, by: 'satszapped' }, kinds: [30023, 0] },
    { command: 'articles_stats', payload: { pubkey: bob.pubkey }, kinds: [10000174] },
    { command: 'get_reads_topics', kinds: [10000146] },
    { command: 'get_featured_authors', kinds: [10000148] },
    { command: 'get_reads_feeds', kinds: [10000152] },
    { command: 'get_home_feeds', kinds: [10000153] },
    {
      command: 'get_featured_dvm_feeds',
      payload: { kind: 'notes', user_pubkey: v },
      kinds: [31990, 10000159, 0],
    },
    {
      command: 'dvm_feed_info',
      payload: { identifier: 'bob-feed', pubkey: bob.pubkey, user_pubkey: v },
      kinds: [31990, 10000159],
    },
    { command: 'creator_paid_tiers', payload: { pubkey: carol.pubkey }, kinds: [17000, 37001] },
    // People
    { command: 'user_infos', payload: { pubkeys: [bob.pubkey, carol.pubkey] }, kinds: [0, 10000108, 10000133] },
    { command: 'get_user_relays_2', payload: { pubkeys: [bob.pubkey] }, kinds: [10000139] },
    { command: 'get_user_relays', payload: { pubkey: bob.pubkey }, kinds: [10000139] },
    { command: 'user_profile', payload: { pubkey: bob.pubkey, user_pubkey: v }, kinds: [0, 10000105] },
    { command: 'is_user_following', payload: { pubkey: v, user_pubkey: bob.pubkey }, kinds: [10000125] },
    { command: 'contact_list', payload: { pubkey: v, extended_response: true }, kinds: [3, 0, 10000133] },
    { command: 'user_followers', payload: { pubkey: bob.pubkey }, kinds: [0, 10000133] },
    {
      command: 'user_zaps_sent',
      payload: { sender: v, limit: 20, offset: 0, until: NOW },
      kinds: [9735, 10000129, 0, 10000113],
    },
    { command: 'mutelist', payload: { pubkey: v, extended_response: true }, kinds: [10000, 0] },
    { command: 'mutelists', payload: { pubkey: v, extended_response: true }, kinds: [30000, 0] },
    { command: 'allowlist', payload: { pubkey: v, extended_response: false }, kinds: [30000] },
    {
      command: 'parameterized_replaceable_list',
      payload: { pubkey: v, identifier: 'friends', extended_response: true },
      kinds: [30000, 0],
    },
    {
      command: 'user_profile_scored_content',
      payload: { pubkey: bob.pubkey, limit: 5, user_pubkey: v },
      kinds: [1, 10000113],
    },
    { command: 'user_profile_followed_by', payload: { pubkey: bob.pubkey, limit: 5, user_pubkey: v }, kinds: [0] },
    { command: 'scored_users_24h', payload: { user_pubkey: v }, kinds: [10000108] },
    { command: 'scored', payload: { user_pubkey: v, selector: 'trending_24h' }, kinds: [] },
    {
      command: 'report_user',
      payload: { pubkey: dave.pubkey, event_from_user: signedRequest(viewer, { description: 'report user dave' }) },
      kinds: [],
    },
    { command: 'get_suggested_users', kinds: [10000134, 0, 10000108] },
    { command: 'get_bookmarks', payload: { pubkey: v }, kinds: [10003] },
    { command: 'search_filterlist', payload: { pubkey: dave.pubkey, user_pubkey: v }, kinds: [10000131] },
    { command: 'user_search', payload: { query: 'bob', limit: 10 }, kinds: [0, 10000108] },
    { command: 'user_search', label: 'user_search among follows', payload: { query: 'car', pubkey: v }, kinds: [0] },
    { command: 'search', payload: { query: 'coffee', limit: 100, user_pubkey: v }, kinds: [1, 10000113] },
    {
      command: 'mega_feed_directive',
      label: 'advanced search of users (advsearch spec, kind:0)',
      payload: { spec: JSON.stringify({ id: 'advsearch', query: 'kind:0 bob' }), limit: 10, user_pubkey: v },
      kinds: [0],
    },
    {
      command: 'mega_feed_directive',
      label: 'advanced search of content (advsearch spec)',
      payload: { spec: JSON.stringify({ id: 'advsearch', query: 'coffee' }), limit: 20, user_pubkey: v },
      kinds: [1, 10000113],
    },
    // Explore
    {
      command: 'explore',
      payload: { timeframe: 'latest', scope: 'global', limit: 20, user_pubkey: v, until: NOW, created_after: 0 },
      kinds: [1, 0, 10000113],
    },
    { command: 'explore_people', payload: { limit: 10, offset: 0, user_pubkey: v }, kinds: [10000113] },
    { command: 'explore_zaps', payload: { limit: 20, offset: 0 }, kinds: [9735, 10000113] },
    { command: 'explore_media', payload: { limit: 20, offset: 0, user_pubkey: v }, kinds: [1, 10000113] },
    { command: 'explore_topics', kinds: [10000160] },
    { command: 'explore_legend_counts', payload: { pubkey: v }, kinds: [10000102] },
    { command: 'net_stats', kinds: [10000101] },
    { command: 'get_default_relays', kinds: [10000124] },
    // Notifications and settings
    {
      command: 'get_notifications',
      payload: { pubkey: bob.pubkey, limit: 100, since: 0, type_group: 'all', user_pubkey: bob.pubkey },
      kinds: [10000110, 10000105, 1],
    },
    {
      command: 'get_notifications',
      label: 'get_notifications older page',
      payload: { pubkey: bob.pubkey, limit: 20, until: NOW, type_group: 'zaps' },
      kinds: [10000110],
    },
    {
      command: 'set_notifications_seen',
      payload: { event_from_user: signedRequest(viewer, { description: 'update notifications last seen timestamp' }) },
      kinds: [],
    },
    { command: 'get_notifications_seen', payload: { pubkey: v }, kinds: [10000111] },
    { command: 'notification_counts', payload: { pubkey: bob.pubkey, subid: 'coverage' }, kinds: [10000112] },
    {
      command: 'set_app_settings',
      payload: { settings_event: signedRequest(viewer, { description: 'Sync app settings', theme: 'ice' }) },
      kinds: [30078],
    },
    {
      command: 'get_app_settings',
      payload: { event_from_user: signedRequest(viewer, { description: 'Sync app settings' }) },
      kinds: [30078],
    },
    {
      command: 'set_app_subsettings',
      payload: { event_from_user: signedRequest(viewer, { subkey: 'user-home-feeds', settings: homeFeeds }) },
      kinds: [],
    },
    {
      command: 'get_app_subsettings',
      payload: { event_from_user: signedRequest(viewer, { subkey: 'user-home-feeds' }) },
      kinds: [10000155],
    },
    { command: 'get_default_app_settings', payload: { client: 'Primal-Web App' }, kinds: [10000103] },
    { command: 'get_app_releases', kinds: [10000138] },
    // Direct messages (the DM itself was sent the web client's way: a kind 4, then import_events)
    { command: 'directmsg_count', payload: { pubkey: v }, kinds: [10000117] },
    {
      command: 'get_directmsg_contacts',
      payload: { user_pubkey: v, relation: 'any', limit: 20, offset: 0 },
      kinds: [10000118, 4, 0, 10000113],
    },
    {
      command: 'get_directmsgs',
      payload: { receiver: v, sender: carol.pubkey, limit: 20, offset: 0 },
      kinds: [4, 0, 10000113],
    },
    {
      command: 'reset_directmsg_count',
      payload: {
        event_from_user: signedRequest(viewer, { description: `reset messages from '${carol.pubkey}'` }),
        sender: carol.pubkey,
      },
      kinds: [],
    },
    {
      command: 'reset_directmsg_counts',
      payload: { event_from_user: signedRequest(viewer, { description: 'mark all messages as read' }) },
      kinds: [],
    },
  ];
}
