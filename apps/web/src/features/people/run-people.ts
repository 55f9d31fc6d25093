import type { FilterScope, MuteTarget } from '@tide/core/edits';
import type { FollowOp, FollowOutcome } from './follow-actions.ts';
import type { ListOutcome } from './list-actions.ts';

// The runner (publisher, signing) loads on first use, so screens that only show buttons stay small.
const runner = () => import('./people-runner.ts');

/** Follow or unfollow (see people-runner.ts runFollow). */
export async function follow(op: FollowOp, targets: readonly string[], force = false): Promise<FollowOutcome> {
  return (await runner()).runFollow(op, targets, force);
}

/** Mute or unmute a user, word, hashtag or thread; `done` is the success toast (null: none). */
export async function mute(target: MuteTarget, on: boolean, done: string | null): Promise<ListOutcome> {
  return (await runner()).runMute(target, on, done);
}

/** Follow or unfollow another user's mute list (`true` / `false`), or set the scopes it applies at. */
export async function followMuteList(
  pubkey: string,
  change: boolean | readonly FilterScope[],
  done: string | null,
): Promise<ListOutcome> {
  return (await runner()).runFilterList(pubkey, change, done);
}

/** Add to or remove from the allow list. */
export async function allow(pubkey: string, on: boolean): Promise<ListOutcome> {
  return (await runner()).runAllowList(pubkey, on);
}
