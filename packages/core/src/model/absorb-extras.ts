import type { CacheEvent } from '../nostr/index.ts';
import { CacheKind } from '../nostr/index.ts';
import { articleCoordinate, isArticleKind } from './article.ts';
import type { Logger } from './logger.ts';
import { parseLinkPreviews, parseMediaInfo } from './media.ts';
import { parseMention, parseNoteActions, parseNoteStats, parseRelayHints, parseWordCount } from './note-extras.ts';
import { parseNotification } from './notification.ts';
import type { Page } from './page.ts';
import {
  parseCohortInfo,
  parseDmContacts,
  parseFilteringReason,
  parseFollowerIncreases,
  parseLegendCustomization,
  parseNumberMap,
  parseStringMap,
} from './people.ts';
import { parseUserStats } from './user.ts';

/**
 * Merges one synthetic cache object (stats, actions, mentions, hints, media, people data…) into `page` in place;
 * pubkeys that need a user (mention authors, users with stats) are added to `people`.
 */
export function absorbExtra(page: Page, event: CacheEvent, people: Set<string>, logger?: Logger): void {
  switch (event.kind) {
    case CacheKind.UserStats: {
      const stats = parseUserStats(event, logger);
      if (stats) {
        people.add(stats.pubkey);
        page.userStats[stats.pubkey] = stats;
        const user = page.users[stats.pubkey];
        if (user) page.users[stats.pubkey] = { ...user, userStats: stats };
      }
      break;
    }
    case CacheKind.NoteStats: {
      const parsed = parseNoteStats(event, logger);
      if (parsed) page.noteStats[parsed[0]] = parsed[1];
      break;
    }
    case CacheKind.NoteActions: {
      const actions = parseNoteActions(event, logger);
      if (actions) page.noteActions[actions.event_id] = actions;
      break;
    }
    case CacheKind.Mentions: {
      const mention = parseMention(event, logger);
      if (!mention) break;
      if (mention.pubkey) people.add(mention.pubkey);
      if (mention.id) page.mentions[mention.id] = mention;
      if (isArticleKind(mention.kind)) page.mentions[articleCoordinate(mention)] = mention;
      break;
    }
    case CacheKind.RelayHint:
      Object.assign(page.relayHints, parseRelayHints(event, logger));
      break;
    case CacheKind.WordCount: {
      const parsed = parseWordCount(event, logger);
      if (parsed) page.wordCounts[parsed[0]] = parsed[1];
      break;
    }
    case CacheKind.LinkMetadata:
      for (const preview of parseLinkPreviews(event, logger)) page.linkPreviews[preview.url] = preview;
      break;
    case CacheKind.MediaInfo: {
      const info = parseMediaInfo(event, logger);
      Object.assign(page.mediaVariants, info.variants);
      Object.assign(page.thumbnails, info.thumbnails);
      break;
    }
    case CacheKind.UserFollowerCounts:
      Object.assign(page.followerCounts, parseNumberMap(event, logger));
      break;
    case CacheKind.UserFollowerIncrease:
      Object.assign(page.followerIncreases, parseFollowerIncreases(event, logger));
      break;
    case CacheKind.MembershipCohortInfo:
      Object.assign(page.memberCohortInfo, parseCohortInfo(event, logger));
      break;
    case CacheKind.UserScore:
      Object.assign(page.userScores, parseNumberMap(event, logger));
      break;
    case CacheKind.NoteTopicStat:
      Object.assign(page.topicStats, parseNumberMap(event, logger));
      break;
    case CacheKind.VerifiedUsersDict:
      Object.assign(page.verifiedNames, parseStringMap(event, logger));
      break;
    case CacheKind.LegendCustomization:
      Object.assign(page.legendCustomization, parseLegendCustomization(event, logger));
      break;
    case CacheKind.FilteringReason: {
      const reason = parseFilteringReason(event, logger);
      if (reason?.pubkey) page.filteringReasons[reason.pubkey] = reason;
      break;
    }
    case CacheKind.MessagePerSenderStats: {
      const known = new Set(page.dmContacts.map((c) => c.pubkey));
      for (const contact of parseDmContacts(event, logger))
        if (!known.has(contact.pubkey)) page.dmContacts.push(contact);
      break;
    }
    case CacheKind.Notification: {
      const notification = parseNotification(event, logger);
      if (notification && !page.notifications.some((n) => n.id === notification.id)) {
        page.notifications.push(notification);
      }
      break;
    }
  }
}
