import type { ListBase } from '@tide/core/edits';
import type { EventTemplate, NostrEvent } from '@tide/core/nostr';

/** The toasts of one list publish: failure and timeout (errors), success (null: none). */
export interface ListMessages {
  failure: string;
  timeout: string;
  success?: string | null;
}

/** How a list edit reads the latest version and publishes the new one (the publisher in the app, fakes in tests). */
export interface ListIo {
  /** The signed-in user's public key. */
  self: string;
  /** The latest version of the user's event (`identifier` for 30000 lists), null when there is none; throws when it cannot be read. */
  fetchLatest: (kind: number, identifier?: string) => Promise<ListBase | null>;
  /** Signs and publishes (the publisher shows the toasts); null when nothing was sent (the user was told why). */
  publish: (template: EventTemplate, messages: ListMessages) => Promise<{ success: boolean; event: NostrEvent } | null>;
}
