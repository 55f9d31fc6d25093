import type { EventTemplate, NostrEvent } from '@tide/core/nostr';
import type { PublishOutcome } from '@tide/core/relay';

export type { EventTemplate, NostrEvent, PublishOutcome };

/** How one publish ended: success after a relay's OK, failure, or timeout (no relay confirmed within 8 s). */
export interface PublishResult {
  success: boolean;
  outcome: PublishOutcome;
  /** The signed event that was sent. */
  event: NostrEvent;
  /** Each relay's failure as `<url>: <reason>`. */
  reasons: string[];
  /** The relay whose OK made it a success (the caching service's broadcast in proxy mode: 'proxy'). */
  relay?: string;
}

/** Options of one publish; messages are shown as toasts (null: no toast for that outcome). */
export interface PublishOptions {
  /** Default 'Note posted successfully'; null for no success toast. */
  successMessage?: string | null;
  /** Default 'Failed to publish note'. */
  failureMessage?: string | null;
  /** Default 'No relay confirmed reception of your note after 8 seconds'. */
  timeoutMessage?: string | null;
  /** Send to these relays instead of the user's write relays. */
  relays?: readonly string[];
  /** Import into the caching service after success (default true). */
  importAfter?: boolean;
}

/** One relay of the user's relay list (kind 10002) with its flags. */
export interface UserRelay {
  url: string;
  read: boolean;
  write: boolean;
}

/** The user's relay list: `declared` false when the user has no kind 10002 and the default (product relay) applies. */
export interface UserRelayList {
  relays: UserRelay[];
  declared: boolean;
  /** created_at of the list event (0 when unknown or defaulted). */
  createdAt: number;
}
