export {
  type IngestOptions,
  type IngestResult,
  type IngestSource,
  isTrusted,
} from './context.ts';
export {
  coordinateOf,
  hashtagsOf,
  identifierOf,
  isLikeContent,
  isReplyByRootMarker,
  noteReferences,
  parseCoordinate,
  replyParent,
  urlsOf,
} from './event-refs.ts';
export { gateEvent, isAcceptedKind, MAX_EVENT_JSON_CHARS, MAX_FUTURE_SECONDS } from './gate.ts';
export { followsOf, legacyRelays } from './indexers/contacts.ts';
export { DM_TOTAL_SENDER } from './indexers/direct-messages.ts';
export { isListKind } from './indexers/lists.ts';
export { MEDIA_VARIANT_WIDTHS } from './indexers/media-metadata.ts';
export { profileFields } from './indexers/profiles.ts';
export { articleTopics } from './indexers/reads.ts';
export { relaysOf } from './indexers/relays.ts';
export {
  EXPIRY_INTERVAL,
  expireScores,
  HOOK_TTL,
  maybeExpireScores,
  replyWeight,
  SCORE_WEIGHTS,
  scoreIncrement,
} from './indexers/scoring.ts';
export { bolt11Sats, MAX_ZAP_SATS, type ParsedZap, parseZapReceipt } from './indexers/zaps.ts';
export {
  BULK_BATCH_SIZE,
  DEFAULT_BATCH_SIZE,
  ingestEvents,
  prepareVerifier,
  transactionShape,
  VERIFY_CHUNK,
} from './ingest-events.ts';
export { NOTIFICATION_TYPE_NAMES, type NotificationPrefs, notificationPrefs } from './notifications/settings.ts';
export { activeVerifyWorkers, stopVerifyPool, verifyEventsParallel } from './verify-pool.ts';
