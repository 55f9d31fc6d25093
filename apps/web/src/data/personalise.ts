import type { CommandClient } from '@tide/core/cache';

/**
 * Cache commands whose payload takes the viewer as `user_pubkey` (spec §7): personalised answers (the viewer's
 * likes/reposts/zaps on notes, follows, mutes, scores). `user_search` is not here: it names the viewer `pubkey`.
 */
export const VIEWER_COMMANDS: ReadonlySet<string> = new Set([
  'note_mentions',
  'event_zaps_by_satszapped',
  'get_highlights',
  'events',
  'mega_feed_directive',
  'long_form_content_feed',
  'feed',
  'thread_view',
  'advanced_feed',
  'get_featured_dvm_feeds',
  'dvm_feed_info',
  'user_profile',
  'user_profile_scored_content',
  'user_profile_followed_by',
  'scored_users_24h',
  'scored',
  'search_filterlist',
  'search',
  'explore',
  'explore_people',
  'explore_media',
]);

/**
 * The commands client screens read through: for a signed-in viewer, every command of {@link VIEWER_COMMANDS} whose
 * payload has no `user_pubkey` gets the viewer's; guests' requests go out unchanged.
 */
export function personalisedClient(client: CommandClient, viewer: () => string | null): CommandClient {
  return {
    request: (command, payload, options) => {
      const pubkey = viewer();
      if (pubkey === null || !VIEWER_COMMANDS.has(command) || typeof payload === 'function' || payload?.user_pubkey) {
        return client.request(command, payload, options);
      }
      return client.request(command, { ...payload, user_pubkey: pubkey }, options);
    },
  };
}
