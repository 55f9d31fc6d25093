import { type ContactEdit, editContactList } from '@tide/core/edits';
import { Kind, type NostrEvent } from '@tide/core/nostr';
import type { ListIo } from './list-io.ts';

/** Follow or unfollow. */
export type FollowOp = 'follow' | 'unfollow';

/** How a follow change ended: published, nothing to change, the under-2 warning is needed, or it failed (user told). */
export type FollowOutcome =
  | { status: 'published'; event: NostrEvent; edit: ContactEdit }
  | { status: 'unchanged' }
  | { status: 'warn'; edit: ContactEdit }
  | { status: 'failed' };

/**
 * Follow or unfollow `targets` (spec §4): fetches the latest contact list first, edits it and publishes it; an
 * edit leaving an existing list under 2 entries returns 'warn' unless `force` (the user confirmed the warning).
 * A list that cannot be read is never overwritten: `onError(failure)` shows the failure toast.
 */
export async function changeFollows(
  io: ListIo,
  op: FollowOp,
  targets: readonly string[],
  options: { force?: boolean; failure: string; onError: (message: string) => void },
): Promise<FollowOutcome> {
  let latest: Awaited<ReturnType<ListIo['fetchLatest']>>;
  try {
    latest = await io.fetchLatest(Kind.Contacts);
  } catch {
    options.onError(options.failure);
    return { status: 'failed' };
  }
  const edit = editContactList(latest, op, targets, io.self);
  if (edit.unchanged) return { status: 'unchanged' };
  if (edit.warn && !options.force) return { status: 'warn', edit };
  try {
    const result = await io.publish(edit.template, {
      failure: options.failure,
      timeout: options.failure,
      success: null,
    });
    return result?.success ? { status: 'published', event: result.event, edit } : { status: 'failed' };
  } catch {
    options.onError(options.failure);
    return { status: 'failed' };
  }
}
