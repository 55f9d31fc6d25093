import {
  editAllowList,
  editFilterLists,
  editMuteList,
  type FilterScope,
  type ListBase,
  type MuteTarget,
} from '@tide/core/edits';
import { type EventTemplate, Kind, type NostrEvent } from '@tide/core/nostr';
import type { ListIo, ListMessages } from './list-io.ts';

/** How a list change ended: the published event, 'unchanged' (the list already says so), or 'failed' (user told). */
export type ListOutcome = { status: 'published'; event: NostrEvent } | { status: 'unchanged' } | { status: 'failed' };

/**
 * Fetches the latest `kind` list first (spec §4), applies `edit` and publishes the result; a list that cannot be
 * read is never overwritten (`onError(messages.failure)`).
 */
export async function changeList(
  io: ListIo,
  kind: number,
  identifier: string | undefined,
  edit: (latest: ListBase | null) => { template: EventTemplate; unchanged: boolean },
  messages: ListMessages & { onError: (message: string) => void },
): Promise<ListOutcome> {
  let latest: ListBase | null;
  try {
    latest = await io.fetchLatest(kind, identifier);
  } catch {
    messages.onError(messages.failure);
    return { status: 'failed' };
  }
  const { template, unchanged } = edit(latest);
  if (unchanged) return { status: 'unchanged' };
  try {
    const result = await io.publish(template, messages);
    return result?.success ? { status: 'published', event: result.event } : { status: 'failed' };
  } catch {
    messages.onError(messages.failure);
    return { status: 'failed' };
  }
}

/** Mutes (`on`) or unmutes a user, word, hashtag or thread on the kind-10000 list. */
export function changeMute(
  io: ListIo,
  target: MuteTarget,
  on: boolean,
  messages: ListMessages & { onError: (message: string) => void },
): Promise<ListOutcome> {
  return changeList(io, Kind.MuteList, undefined, (latest) => editMuteList(latest, target, on), messages);
}

function sameTags(a: ListBase | null, t: EventTemplate): boolean {
  return JSON.stringify(a?.tags ?? null) === JSON.stringify(t.tags);
}

/** Follows (`add`) or unfollows (`remove`) another user's mute list, or sets its scopes; the own entry stays. */
export function changeFilterLists(
  io: ListIo,
  change: { op: 'add' | 'remove'; pubkey: string } | { op: 'scopes'; pubkey: string; scopes: readonly FilterScope[] },
  messages: ListMessages & { onError: (message: string) => void },
): Promise<ListOutcome> {
  return changeList(
    io,
    Kind.CategorizedPeople,
    'mutelists',
    (latest) => {
      const template = editFilterLists(latest, io.self, change);
      return { template, unchanged: sameTags(latest, template) };
    },
    messages,
  );
}

/** Adds (`on`) or removes a user on the allow list. */
export function changeAllowList(
  io: ListIo,
  pubkey: string,
  on: boolean,
  messages: ListMessages & { onError: (message: string) => void },
): Promise<ListOutcome> {
  return changeList(
    io,
    Kind.CategorizedPeople,
    'allowlist',
    (latest) => {
      const template = editAllowList(latest, pubkey, on);
      return { template, unchanged: sameTags(latest, template) };
    },
    messages,
  );
}
