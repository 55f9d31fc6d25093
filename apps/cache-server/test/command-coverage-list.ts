/*
 * The commands spec §7 lists under Content, People, Explore, Notifications and settings, and Direct messages.
 */

/** The spec §7 command groups the coverage test walks (not Upload, not Membership). */
export type CommandGroup = 'content' | 'people' | 'explore' | 'notifications' | 'dm';

/** The whitespace-separated words of a text block. */
function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/** Every command spec §7 names in these groups, as written there (advanced search is a mega_feed_directive spec). */
export const SPEC_COMMANDS: Readonly<Record<CommandGroup, readonly string[]>> = {
  content: words(`
    import_events broadcast_events event_actions note_mentions event_zaps_by_satszapped
    note_mentions_count parametrized_replaceable_event parametrized_replaceable_events get_highlights
    events drafts mega_feed_directive long_form_content_feed feed thread_view
    long_form_content_thread_view get_recommended_reads get_advanced_feeds advanced_feed top_article
    articles_stats get_reads_topics get_featured_authors get_reads_feeds get_home_feeds
    get_featured_dvm_feeds dvm_feed_info creator_paid_tiers
  `),
  people: words(`
    user_infos get_user_relays_2 get_user_relays user_profile is_user_following contact_list
    user_followers user_zaps_sent mutelist mutelists allowlist parameterized_replaceable_list
    user_profile_scored_content user_profile_followed_by scored_users_24h scored report_user
    get_suggested_users get_bookmarks search_filterlist user_search search
  `),
  explore: words(`
    explore explore_people explore_zaps explore_media explore_topics explore_legend_counts net_stats
    get_default_relays
  `),
  notifications: words(`
    get_notifications set_notifications_seen get_notifications_seen notification_counts set_app_settings
    get_app_settings get_app_subsettings set_app_subsettings get_default_app_settings get_app_releases
  `),
  dm: words(`
    directmsg_count get_directmsg_contacts get_directmsgs reset_directmsg_count reset_directmsg_counts
  `),
};

/** Commands that stay open after EOSE and push (protocol §1.7): the test subscribes and CLOSEs them. */
export const LIVE_COMMANDS: ReadonlySet<string> = new Set(['net_stats', 'notification_counts', 'directmsg_count']);
